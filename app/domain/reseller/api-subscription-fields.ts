import type { PlatformLinkRule } from "../catalog/platforms.ts";
import { readProfileUsername } from "../orders/profile-username.ts";
import { AUTO_POSTS_MAX, AUTO_POSTS_MIN } from "../orders/quantity-input.ts";
import { type Refusal, refuse } from "../refusal.ts";
import type { ApiError } from "./api-answer.ts";
import {
  API_TEXT,
  fieldNotForType,
  missingField,
  quantityAboveMax,
  quantityBelowMin,
  SUBSCRIPTION_DELAY_MAX_MINUTES,
} from "./api-text.ts";

type Params = Record<string, string>;

/** The fields of a Subscriptions `add` (the panels' protocol); `old_posts` only as 0, the one value we honour. */
export const SUBSCRIPTION_PARAMS = [
  "username",
  "min",
  "max",
  "posts",
  "old_posts",
  "delay",
  "expiry",
] as const;

/** What every `add` reads whatever the service's type. */
const COMMON_PARAMS = new Set(["key", "action", "service", "idempotency_key"]);

/** A subscription as the shop can place it: every post gets `max` (product rules 2.4 prices it so). */
export type SubscriptionFields = {
  username: string;
  min: number;
  max: number;
  posts: number;
  /** Minutes a new post waits before delivery starts. */
  delayMinutes: number;
  /** The last day (UTC) of the subscription, YYYY-MM-DD; absent: until its posts are served. */
  expiresOn?: string;
};

/**
 * The panels' `expiry`, d/m/Y (one or two digit day and month), as YYYY-MM-DD: a real calendar day, today (UTC) or
 * later; null otherwise.
 */
export function readExpiry(text: string, today: Date = new Date()): string | null {
  const match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text.trim());
  if (!match) return null;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return null;
  const iso = date.toISOString().slice(0, 10);
  return iso >= today.toISOString().slice(0, 10) ? iso : null;
}

const COUNT = /^\d{1,9}$/;

/** The panels' `posts` for a subscription without a set number of posts. */
export const UNLIMITED_POSTS = 0;

/**
 * The posts a subscription serves: 1 to the shop's limit, or `0` (what SmartPanel and the panels' sample send for
 * "unlimited"): as many as one subscription holds, AUTO_POSTS_MAX, paid up front like any other, the posts not
 * served refunded when it ends (docs/decisions/049, product rules 4.26). Null when out of range.
 */
export function readPosts(text: string): number | null {
  const posts = text.trim();
  if (!COUNT.test(posts)) return null;
  if (Number(posts) === UNLIMITED_POSTS) return AUTO_POSTS_MAX;
  return Number(posts) >= AUTO_POSTS_MIN && Number(posts) <= AUTO_POSTS_MAX ? Number(posts) : null;
}

/** A field counts as sent when it has a value: generic clients send the other type's fields empty. */
function sent(params: Params, name: string): boolean {
  return (params[name] ?? "").trim() !== "";
}

/** The first field of another order type sent to a Subscriptions service (link, quantity, runs, ...), or null. */
export function oneTimeFieldOnSubscription(params: Params): ApiError | null {
  const subscription: readonly string[] = SUBSCRIPTION_PARAMS;
  const field = Object.keys(params).find(
    (name) => !COMMON_PARAMS.has(name) && !subscription.includes(name) && sent(params, name),
  );
  return field ? { error: fieldNotForType(field, "Subscriptions") } : null;
}

/** The first subscription field sent to a service of another type, or null. */
export function subscriptionFieldOnOneTime(params: Params): ApiError | null {
  const field = SUBSCRIPTION_PARAMS.find((name) => sent(params, name));
  return field ? { error: fieldNotForType(field, "Default") } : null;
}

/**
 * The profile a subscription is for: a username ("name", "@name") or its profile link on the service's platform
 * ("https://www.instagram.com/name/"); null for anything else (a post link, another platform's profile).
 */
export function usernameFromProfile(
  text: string,
  service: { platform: string } | PlatformLinkRule,
): string | null {
  // The same reading as the Automatic Order form's (product rules 4.10).
  const profile = readProfileUsername(text, "platformName" in service ? service : service.platform);
  return profile.ok ? profile.username : null;
}

/**
 * Reads a Subscriptions `add`: the profile, `min` <= `max` within the service's per-post limits, `posts` within the
 * shop's auto-order limits, `delay` in whole minutes (passed to the provider that watches the profile) and `expiry`
 * (the subscription ends after that day, its posts left refunded). `old_posts` other than 0 is a feature
 * the shop does not have (docs/decisions/023-api-subscriptions.md): refused in plain words rather than dropped.
 */
export function readSubscriptionFields(
  params: Params,
  service: ({ platform: string } | PlatformLinkRule) & { minQuantity: number; maxQuantity: number },
): { ok: true; fields: SubscriptionFields } | Refusal {
  const invalid = (message: string) => refuse("invalid", message);
  const username = usernameFromProfile(params.username ?? "", service);
  if (!username) return invalid(API_TEXT.incorrectUsername);
  const min = (params.min ?? "").trim();
  const max = (params.max ?? "").trim();
  if (!COUNT.test(min)) return invalid(missingField("min"));
  if (!COUNT.test(max)) return invalid(missingField("max"));
  // The code and the limit give the panels' own words (apiRefusalAnswer).
  if (Number(min) < service.minQuantity)
    return refuse("invalid", quantityBelowMin(service.minQuantity), {
      code: "quantity_below_min",
      quantityLimit: service.minQuantity,
    });
  if (Number(max) > service.maxQuantity)
    return refuse("invalid", quantityAboveMax(service.maxQuantity), {
      code: "quantity_above_max",
      quantityLimit: service.maxQuantity,
    });
  if (Number(min) > Number(max)) return invalid(API_TEXT.minAboveMax);
  const posts = readPosts(params.posts ?? "");
  if (posts === null) return invalid(API_TEXT.postsOutOfRange);
  if (!/^0*$/.test((params.old_posts ?? "").trim()))
    return refuse("invalid", API_TEXT.oldPostsNotSupported, { code: "not_supported" });
  const delay = (params.delay ?? "").trim() || "0";
  if (!COUNT.test(delay) || Number(delay) > SUBSCRIPTION_DELAY_MAX_MINUTES)
    return invalid(API_TEXT.incorrectDelay);
  const expiresOn = sent(params, "expiry") ? readExpiry(params.expiry ?? "") : undefined;
  if (expiresOn === null) return invalid(API_TEXT.incorrectExpiry);
  const fields: SubscriptionFields = {
    username,
    min: Number(min),
    max: Number(max),
    posts,
    delayMinutes: Number(delay),
    ...(expiresOn ? { expiresOn } : {}),
  };
  return { ok: true, fields };
}
