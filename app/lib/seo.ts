import type { MetaDescriptor } from "react-router";

type MatchLike = { id: string; loaderData?: unknown } | undefined;

export type PageMetaInput = {
  title: string;
  description: string;
  /** The page's own path ("/services/instagram"); the canonical address is the site origin plus this path. */
  path: string;
  /** Order, wallet, dashboard, profile, free trial, quick/automatic order and admin pages (product rules 8.2). */
  noindex?: boolean;
  /** The meta function's `matches`: the site origin is read from the root loader's `site.origin`. */
  matches?: readonly MatchLike[];
};

/** The site origin the root loader publishes ("http://localhost:3000"), or "" when it is not known. */
export function siteOrigin(matches: readonly MatchLike[] | undefined): string {
  const root = matches?.find((match) => match?.id === "root")?.loaderData as
    | { site?: { origin?: unknown } }
    | undefined;
  const origin = root?.site?.origin;
  return typeof origin === "string" ? origin : "";
}

/** Title, description, canonical link, Open Graph tags and robots for a route's `meta` export. */
export function pageMeta({
  title,
  description,
  path,
  noindex = false,
  matches,
}: PageMetaInput): MetaDescriptor[] {
  const fullTitle = `${title} | Boostly`;
  const canonical = `${siteOrigin(matches)}${path}`;
  const tags: MetaDescriptor[] = [
    { title: fullTitle },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: canonical },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    { property: "og:type", content: "website" },
    { property: "og:url", content: canonical },
    { property: "og:site_name", content: "Boostly" },
  ];
  if (noindex) tags.push({ name: "robots", content: "noindex" });
  return tags;
}
