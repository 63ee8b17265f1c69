/**
 * Platforms are data (the `platforms` table, docs/decisions/037 and 038): the specification's seven and "other" are
 * created by drizzle/0020, the operator adds any other from /admin/platforms. What stays in code is only what the
 * specification itself says of its seven (their brand spelling, their menus' places, their order addresses and
 * marketing texts). Browser-safe: the storefront's and the admin's bundles use it.
 */

/** A platform as the shop reads it. */
export type Platform = {
  slug: string;
  name: string;
  /** The hosts (and their subdomains) an order's link may be on; empty: any http(s) address. */
  linkHosts: string[];
  /** Whether it has a public service list (/services/{slug}) and a place in the Services menus. */
  listed: boolean;
  sortOrder: number;
};

/** A listed platform as the storefront's menus link it. */
export type PlatformLink = Pick<Platform, "slug" | "name">;

/**
 * What the link and profile checks need of a service's platform, carried with the service to the page so the
 * browser checks as the server does: its slug, its name (the messages name it) and its link hosts.
 */
export type PlatformLinkRule = { platform: string; platformName: string; linkHosts: readonly string[] };

/**
 * The specification's seven platforms as it writes them, in the order of its Services menu. Their rows are data
 * like any other; this list is the brand spelling of product rules 3.7 and the menus' fallback when a page is drawn
 * without the shop's data (an error before the root loaded).
 */
export const SPECIFICATION_PLATFORMS: readonly PlatformLink[] = [
  { slug: "instagram", name: "Instagram" },
  { slug: "youtube", name: "YouTube" },
  { slug: "tiktok", name: "TikTok" },
  { slug: "spotify", name: "Spotify" },
  { slug: "threads", name: "Threads" },
  { slug: "facebook", name: "Facebook" },
  { slug: "twitter", name: "Twitter" },
];

/** Whether a slug is one of the specification's seven (whose pages, texts and addresses the specification fixes). */
export function isSpecificationPlatform(slug: string): boolean {
  return SPECIFICATION_PLATFORMS.some((platform) => platform.slug === slug);
}

/**
 * The unlisted platform of services that belong to none (an upstream service imported as it came): its links may be
 * anywhere, its messages name no platform, and it cannot be deleted (docs/decisions/038).
 */
export const OTHER_PLATFORM = "other";

/** A platform's slug: its list's address and the services' reference (the platforms_slug_format constraint). */
export const PLATFORM_SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** The address of a platform's public service list. */
export function platformListPath(slug: string): string {
  return `/services/${slug}`;
}

/** A group of a platform's services, named by the operator ("Members", "Views"). */
export type ServiceCategory = { id: string; platform: string; name: string; sortOrder: number };
