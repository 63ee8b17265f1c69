import { orderLineName } from "../../domain/catalog/product-name.ts";

const dateTime = new Intl.DateTimeFormat("en-US", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "UTC",
});
const timeOfDay = new Intl.DateTimeFormat("en-GB", {
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
  timeZone: "UTC",
});
const dateOnly = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" });

/** An ISO date as "Nov 22, 2026, 6:12 PM" (UTC, so server and browser render the same text). */
export function formatDateTime(iso: string | Date): string {
  return dateTime.format(new Date(iso));
}

/** An ISO date's time as "14:32 UTC". */
export function formatTimeOfDay(iso: string | Date): string {
  return `${timeOfDay.format(new Date(iso))} UTC`;
}

/** An ISO date as "November 22, 2026" (UTC). */
export function formatDate(iso: string | Date): string {
  return dateOnly.format(new Date(iso));
}

/** A service_type label of an order line ("instagram_likes_small_pack") in words (product rules 3.7). */
export function lineLabel(serviceType: string): string {
  return orderLineName(serviceType);
}
