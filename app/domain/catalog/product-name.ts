/**
 * One way to write what the shop sells, on every page, toast, mail, admin list and the API's services list
 * (product rules 3.7). Browser-safe: the browser's bundles use it too.
 */
import { SPECIFICATION_PLATFORMS } from "./platforms.ts";

const SPECIFIED_NAMES: Record<string, string> = Object.fromEntries(
  SPECIFICATION_PLATFORMS.map((platform) => [platform.slug, platform.name]),
);

/** Brand and platform words as the brands write them, whatever the case they were typed in. */
const BRAND_WORDS: Record<string, string> = { ...SPECIFIED_NAMES, ig: "IG", tv: "TV" };

const PLATFORM_NAMES: Record<string, string> = { ...SPECIFIED_NAMES, other: "Other" };

/** Short words written in lower case inside a name ("Likes per Post" stays as typed). */
const MINOR_WORDS = new Set(["a", "an", "and", "for", "in", "of", "on", "or", "per", "the", "to", "with"]);

/**
 * A stored platform value or a typed platform name as the brand writes it ("tiktok", "Tiktok" -> "TikTok"); a
 * platform the operator added is written from its slug ("telegram" -> "Telegram") where its stored name is not at
 * hand.
 */
export function formatPlatformName(platform: string): string {
  const key = platform.trim().toLowerCase();
  return PLATFORM_NAMES[key] ?? titleCaseWord(platform.trim(), true);
}

function titleCaseWord(word: string, first: boolean): string {
  const lower = word.toLowerCase();
  const brand = BRAND_WORDS[lower];
  if (brand) return brand;
  if (!first && MINOR_WORDS.has(lower)) return lower;
  // A word typed in mixed case ("iPhone") is kept; all lower or all upper case becomes "Word".
  const mixed = word !== lower && word !== word.toUpperCase();
  if (mixed) return word;
  return lower.charAt(0).toUpperCase() + lower.slice(1);
}

/**
 * A service's name with every word capitalised and the brands spelt right: "Real instagram comments" ->
 * "Real Instagram Comments", "Tiktok likes" -> "TikTok Likes", "instagram likes extra big" ->
 * "Instagram Likes Extra Big". Spaces are tidied; punctuation and digits are kept.
 */
export function formatServiceName(name: string): string {
  let index = 0;
  return name
    .trim()
    .replace(/\s+/g, " ")
    .replace(/[A-Za-z][A-Za-z']*/g, (word) => titleCaseWord(word, index++ === 0));
}

/** A likes pack's name as a word ("BIG" -> "Big"). */
export function formatPackName(name: string): string {
  const lower = name.trim().toLowerCase();
  return lower.charAt(0).toUpperCase() + lower.slice(1);
}

/** What a Real Instagram Likes pack is called everywhere: "Real Instagram Likes (Big pack)". */
export function likesPackProductName(packName: string): string {
  return `Real Instagram Likes (${formatPackName(packName)} pack)`;
}

/** The name of what an order bought: its pack when it is a pack order, else its service. */
export function orderProductName(order: { serviceName: string; packName?: string | null }): string {
  return order.packName ? likesPackProductName(order.packName) : formatServiceName(order.serviceName);
}

/**
 * A line of an order's breakdown (the stored `service_type` keys of product rules 3.4) in words:
 * "instagram_likes_big_pack" -> "Real Instagram Likes (Big pack)", "instagram_likes_extra_big" ->
 * "Extra Instagram Likes", "instagram_views" -> "Extra Instagram Views", "real_instagram_comments" ->
 * "Instagram Real Comments" (the catalogue's name of the comments the pack adds).
 */
export function orderLineName(serviceType: string): string {
  const pack = /^instagram_likes_([a-z0-9]+)_pack$/.exec(serviceType);
  if (pack?.[1]) return likesPackProductName(pack[1]);
  if (/^instagram_likes_extra_[a-z0-9]+$/.test(serviceType)) return "Extra Instagram Likes";
  if (serviceType === "instagram_views") return "Extra Instagram Views";
  if (serviceType === "real_instagram_comments") return "Instagram Real Comments";
  return formatServiceName(serviceType.replaceAll("_", " "));
}
