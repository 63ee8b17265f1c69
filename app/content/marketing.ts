import { REFILL_WINDOW_DAYS } from "../domain/catalog/refill-window.ts";

/**
 * The one set of marketing figures and promises used across the public pages (customer spec section 1, the
 * home page's reading). Pages quote these instead of typing their own numbers.
 */
export const headlineStats = [
  { value: "50,000+", label: "Happy customers" },
  { value: "2M+", label: "Followers delivered" },
  { value: "10M+", label: "Likes delivered" },
  { value: "98%", label: "Satisfaction rate" },
] as const;

export const promises = {
  deliveryStart: "within minutes",
  deliveryComplete: "24-48 hours",
  // The refill guarantee drives the feature too (product rules 4.7): one number.
  refillDays: REFILL_WINDOW_DAYS,
  support: "24/7",
  affiliateCommission: "30%",
  affiliatePayouts: "weekly",
  refundRequestDays: 30,
  refundProcessing: "5-7 business days",
  cancelMinutes: 30,
  emailReply: "2 hours",
} as const;
