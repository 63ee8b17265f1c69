import { pgEnum } from "drizzle-orm/pg-core";

export const serviceTypeEnum = pgEnum("service_type", ["one_time", "auto"]);
/**
 * How a one-time service takes its order: a quantity, one comment per line (docs/decisions/021), or one fixed-price
 * package (docs/decisions/037).
 */
export const serviceOrderTypeEnum = pgEnum("service_order_type", ["default", "custom_comments", "package"]);
/** What a one-time service is delivered to: a single post (needs a post link) or a profile/channel/track. */
export const targetKindEnum = pgEnum("target_kind", ["post", "profile"]);
export const deliverySpeedEnum = pgEnum("delivery_speed", ["slow", "normal", "fast"]);
export const orderStatusEnum = pgEnum("order_status", [
  "pending",
  "processing",
  "in_progress",
  "completed",
  "partial",
  "cancelled",
  "failed",
]);
/** Who delivers a one-time order: upstream providers (its parts in `fulfilments`) or a person (the manual queue). */
export const orderDeliveryEnum = pgEnum("order_delivery", ["provider", "manual"]);
export const autoOrderStatusEnum = pgEnum("auto_order_status", [
  "active",
  "paused",
  "completed",
  "cancelled",
]);
export const transactionTypeEnum = pgEnum("transaction_type", [
  "deposit",
  "purchase",
  "refund",
  "adjustment",
  "bonus",
]);
export const transactionStatusEnum = pgEnum("transaction_status", ["pending", "completed", "failed"]);
export const depositStatusEnum = pgEnum("deposit_status", ["pending", "completed", "failed", "expired"]);
/** Deposit gateways (docs/decisions/057): each has its value here and its webhook path on /api/webhooks/$provider. */
export const paymentProviderEnum = pgEnum("payment_provider", [
  "stripe",
  "sandbox",
  "paypal",
  "btcpay",
  "manual",
]);
/** Staff roles; what each may do is declared in app/domain/accounts/permissions.ts (product rules 15.1). */
export const roleEnum = pgEnum("role", ["owner", "admin", "support"]);
export const ticketCategoryEnum = pgEnum("ticket_category", ["order", "payment", "request"]);
export const ticketStatusEnum = pgEnum("ticket_status", ["open", "in_progress", "completed"]);
export const blogCategoryEnum = pgEnum("blog_category", [
  "Instagram",
  "YouTube",
  "TikTok",
  "Spotify",
  "Branding",
  "Trends",
]);
export const bannerTypeEnum = pgEnum("banner_type", ["info", "success", "warning", "error"]);
export const contactSubjectEnum = pgEnum("contact_subject", [
  "general",
  "technical",
  "billing",
  "partnership",
  "feedback",
]);
export const freeTrialEnum = pgEnum("free_trial", ["likes", "comments", "followers"]);
