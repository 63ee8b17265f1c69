import type { Notice } from "../notice.ts";
import { BANNER_TEXT_MAX, BLOG_POST_MAX, SERVICE_MAX } from "./field-limits.ts";
import { MAX_REFILL_DAYS } from "./refill-window.ts";

/**
 * The admin spec's texts for the Services, Blog, Banner and Settings tabs (admin spec sections 2 and 8),
 * verbatim where the spec gives them; the rest say plainly what happened.
 */
export const CONTENT_TEXT = {
  serviceCreated: "Service created successfully",
  serviceUpdated: "Service updated successfully",
  serviceDeleted: "Service deleted successfully",
  serviceDisabled: "Service disabled instead of deleted",
  serviceInUse:
    "This service has orders or auto orders, so it was disabled instead of deleted: customers no longer see it and its order history stays intact.",
  noServices: "No services found",
  serviceNotFound: "This service no longer exists.",
  nameRequired: `Enter a name (at most ${SERVICE_MAX.name} characters).`,
  nameTaken: "A service with this name already exists; choose another name.",
  badPrice: "Enter a price of 0 or more, with at most 4 decimals (for example 4 or 2.5).",
  badMin: "Enter a whole minimum quantity of at least 1.",
  badMax: "Enter a whole maximum quantity.",
  minAboveMax: "The maximum quantity must be at least the minimum quantity.",
  badDefaultPosts: "Default posts must be a whole number from 1 to 100.",
  badRefillDays: `The refill window must be a whole number of days from 1 to ${MAX_REFILL_DAYS}, or empty.`,
  postsLoadFailed: "Failed to load blog posts",
  postSaveFailed: "Failed to save blog post",
  postDeleteFailed: "Failed to delete blog post",
  postStatusFailed: "Failed to update blog post status",
  postCreated: "Blog post created successfully",
  postUpdated: "Blog post updated successfully",
  postDeleted: "Blog post deleted successfully",
  postPublished: "Blog post published",
  postUnpublished: "Blog post unpublished",
  noPosts: "No blog posts yet",
  postNotFound: "This blog post no longer exists.",
  titleRequired: `Enter a title (at most ${BLOG_POST_MAX.title} characters).`,
  slugTaken: "A post with this slug already exists; choose another title or slug.",
  badSlug: "Use lower-case letters, digits and hyphens only.",
  badImage: "Enter an https:// address or a path starting with /.",
  bannerLoadFailed: "Failed to load banner settings",
  bannerUpdateFailed: "Failed to update banner settings",
  bannerUpdated: "Banner settings updated successfully",
  bannerTextRequired: `Enter the banner text (at most ${BANNER_TEXT_MAX} characters) before enabling it.`,
  settingsSaved: "Settings saved",
  settingsSaveFailed: "Failed to save settings",
  badAmount: "Enter an amount in dollars, for example 10 or 12.50.",
  depositRange: "The maximum deposit must be at least the minimum deposit.",
  badEmail: "Enter a valid e-mail address.",
  textRequired: "This text cannot be empty.",
  connectionOk: "Connection successful",
  connectionFailed: "Connection failed",
  noReferralProgramme: "No referral programme yet",
  notConfigured: "Not configured: set it in the server configuration (environment), never here.",
  unknownField: "This form sent a field it does not have; reload the page and try again.",
} as const;

/** 'Failed to create/update/delete service: {message}' (admin spec section 8). */
export function serviceFailed(action: "create" | "update" | "delete", message: string): Notice {
  return { title: "Error", message: `Failed to ${action} service: ${message}` };
}
