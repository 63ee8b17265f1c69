import type { Notice } from "../notice.ts";

/**
 * The longest text each platform and category field takes: the schema refuses longer and the form stops typing
 * there. No zod here: the admin page's bundle imports this file.
 */
export const PLATFORM_MAX = { slug: 40, name: 60, linkHosts: 1_000, hosts: 20 } as const;

/** The highest position a platform or category takes in its list. */
export const MAX_SORT_ORDER = 100_000;

/** The Platforms page's texts (docs/decisions/038). */
export const PLATFORM_TEXT = {
  platformCreated: "Platform created",
  platformUpdated: "Platform updated",
  platformDeleted: "Platform deleted",
  platformNotFound: "This platform no longer exists.",
  noPlatforms: "No platforms yet.",
  badSlug:
    "Enter the platform's address: lower-case letters and digits, words joined by single hyphens (for example telegram or apple-music).",
  slugTaken: "A platform with this address already exists.",
  nameRequired: `Enter a name (at most ${PLATFORM_MAX.name} characters).`,
  badHosts: `Enter up to ${PLATFORM_MAX.hosts} hosts such as t.me or telegram.me, separated by commas or spaces; leave it empty to take any http(s) link.`,
  badSortOrder: `Enter a whole number from 0 to ${MAX_SORT_ORDER}.`,
  otherKept:
    'The "Other" platform holds the services that belong to no platform (an imported service until it is given one), so it cannot be deleted.',
  categoryCreated: "Category added",
  categoryUpdated: "Category saved",
  categoryDeleted: "Category deleted",
  categoryNotFound: "This category no longer exists.",
  categoryNameRequired: `Enter the category's name (at most ${PLATFORM_MAX.name} characters).`,
  categoryNameTaken: "This platform already has a category with this name.",
} as const;

/** Why a platform some services use cannot be deleted, and what to do first. */
export function platformInUse(services: number): string {
  const count = services === 1 ? "1 service uses" : `${services} services use`;
  return `${count} this platform: move ${services === 1 ? "it" : "them"} to another platform or delete ${services === 1 ? "it" : "them"} first.`;
}

/** What a category's deletion did to its services: they stay on their platform, in no category. */
export function categoryDeletedMessage(name: string, services: number): string {
  if (services === 0) return name;
  return `${name}: ${services === 1 ? "its service is" : `its ${services} services are`} now in no category.`;
}

/** 'Failed to create/update/delete platform: {message}', as the other admin forms say it. */
export function platformFailed(
  action: "create" | "update" | "delete",
  subject: "platform" | "category",
  message: string,
): Notice {
  return { title: "Error", message: `Failed to ${action} ${subject}: ${message}` };
}
