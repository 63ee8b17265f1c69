import { formatPlatformName } from "../../domain/catalog/product-name.ts";

const dateTime = new Intl.DateTimeFormat("en-US", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "UTC",
});
const dateOnly = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });

/** An ISO timestamp as "Nov 22, 2026, 5:43 PM UTC" (UTC, so server and browser render the same text). */
export function formatDateTime(iso: string): string {
  return `${dateTime.format(new Date(iso))} UTC`;
}

/** An ISO timestamp as "Nov 22, 2026". */
export function formatDate(iso: string): string {
  return dateOnly.format(new Date(iso));
}

/** A stored platform value as the shop writes it ("tiktok" -> "TikTok"; product rules 3.7). */
export function platformName(platform: string): string {
  return formatPlatformName(platform);
}
