import {
  isSpecificationPlatform,
  type PlatformLink,
  platformListPath,
  SPECIFICATION_PLATFORMS,
} from "../../domain/catalog/platforms.ts";

export type NavLink = { to: string; label: string };

/**
 * Where the customer spec's shared layout places its platforms: the header's row and the footer's Services group
 * show these five, in this order; the Services menu (and the drawer) all seven in SPECIFICATION_PLATFORMS' order.
 */
const HEADER_AND_FOOTER_PLATFORMS = ["instagram", "tiktok", "threads", "youtube", "spotify"];

/**
 * The platforms' links of one menu, from the listed platforms (the site frame's data, docs/decisions/038): the
 * specification's in the places it gives them (those the operator unlisted left out), then, where `withAdded`, every
 * platform the operator added and listed, in its order.
 */
function platformLinks(
  listed: readonly PlatformLink[],
  places: readonly string[],
  withAdded: boolean,
): NavLink[] {
  const bySlug = new Map(listed.map((platform) => [platform.slug, platform]));
  const placed = places.flatMap((slug) => bySlug.get(slug) ?? []);
  const added = withAdded ? listed.filter((platform) => !isSpecificationPlatform(platform.slug)) : [];
  return [...placed, ...added].map((platform) => ({
    to: platformListPath(platform.slug),
    label: platform.name,
  }));
}

/** The header's platform links (customer spec, shared layout): the row has room for the specification's five. */
export function headerPlatformLinks(listed: readonly PlatformLink[]): NavLink[] {
  return platformLinks(listed, HEADER_AND_FOOTER_PLATFORMS, false);
}

/** The Services menu and the drawer's Services: every listed platform. */
export function servicesMenuLinks(listed: readonly PlatformLink[]): NavLink[] {
  return platformLinks(
    listed,
    SPECIFICATION_PLATFORMS.map((platform) => platform.slug),
    true,
  );
}

/** The footer's Services group: the specification's five, then every platform the operator added and listed. */
export function footerServiceLinks(listed: readonly PlatformLink[]): NavLink[] {
  return platformLinks(listed, HEADER_AND_FOOTER_PLATFORMS, true);
}

/** Ordering shortcuts shown to everyone. */
export const orderingLinks = [
  { to: "/quick-order", label: "Quick Order" },
  { to: "/automatic-order", label: "Automatic Order" },
  { to: "/free-trial", label: "Free Trial" },
] as const;

/** Footer link groups after Services (customer spec, shared layout). */
export const footerGroups = [
  {
    title: "Company",
    links: [
      { to: "/about", label: "About Us" },
      { to: "/how-it-works", label: "How It Works" },
      { to: "/reviews", label: "Reviews" },
      { to: "/blog", label: "Blog" },
      { to: "/affiliate", label: "Partnerships" },
    ],
  },
  {
    title: "Support",
    links: [
      { to: "/help", label: "Help Center" },
      { to: "/contact", label: "Contact Us" },
      { to: "/faq", label: "FAQ" },
      { to: "/terms", label: "Terms of Service" },
      { to: "/privacy", label: "Privacy Policy" },
    ],
  },
  {
    title: "Features",
    links: [
      { to: "/free-trial", label: "Free Trial" },
      { to: "/api", label: "API" },
      { to: "/reseller", label: "Reseller Panel" },
      { to: "/bulk", label: "Bulk Orders" },
      { to: "/custom", label: "Custom Packages" },
    ],
  },
] as const;

/** The signed-in user as the header needs it (root loader). */
export type HeaderUser = { id: string; email: string; balanceCents: number; isAdmin: boolean };
