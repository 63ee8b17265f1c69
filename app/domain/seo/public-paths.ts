/** The help centre's topic pages (admin spec, route table). */
export const HELP_TOPICS = [
  "getting-started",
  "account-billing",
  "services-guide",
  "troubleshooting",
] as const;

/**
 * The fixed public pages search engines may index (product rules 8.1): home, the static pages, the help centre and
 * the blog. The platform lists (every listed platform's, docs/decisions/038), service pages and posts come from the
 * database.
 */
export const STATIC_PUBLIC_PATHS: readonly string[] = [
  "/",
  "/about",
  "/how-it-works",
  "/reviews",
  "/affiliate",
  "/contact",
  "/faq",
  "/terms",
  "/privacy",
  "/api",
  "/reseller",
  "/bulk",
  "/custom",
  "/help",
  ...HELP_TOPICS.map((topic) => `/help/${topic}`),
  "/blog",
];

/** Paths kept out of search engines: robots.txt disallows them and the sitemap never lists them. */
export const DISALLOWED_PATHS = [
  "/admin",
  "/dashboard",
  "/orders",
  "/profile",
  "/wallet",
  "/order/",
  "/quick-order",
  "/mass-order",
  "/automatic-order",
  "/free-trial",
  "/api/",
] as const;

/** The pages that carry noindex (order, wallet, dashboard, the orders list, profile, trials, account forms, admin). */
export const NOINDEX_PATHS = [
  ...DISALLOWED_PATHS,
  "/login",
  "/register",
  "/forgot-password",
  "/reset-password",
  "/admin-login",
  "/dev/mailbox",
] as const;

/** True when a path is one of the noindex pages or below one ("/order/x", "/admin/orders"). */
export function isNoindexPath(path: string): boolean {
  return NOINDEX_PATHS.some((prefix) =>
    prefix.endsWith("/") ? path.startsWith(prefix) : path === prefix || path.startsWith(`${prefix}/`),
  );
}

/** The robots.txt body. */
export function robotsTxt(appUrl: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    ...DISALLOWED_PATHS.map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${appUrl}/sitemap.xml`,
    "",
  ].join("\n");
}
