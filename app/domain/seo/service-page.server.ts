import { and, eq } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { platforms, services } from "../../db/schema.ts";
import { type ListedService, listedServiceColumns } from "../catalog/list-platform-services.server.ts";
import { serviceSlug } from "../catalog/service-slug.ts";

/** What a /service/{slug} page shows of a service, with its platform's name. */
export type ServicePageService = ListedService & { defaultPosts: number | null; platformName: string };

/**
 * Addresses of the customer spec's route table whose service carries another name in the catalogue; used only
 * when no service has the slug itself.
 */
export const SERVICE_SLUG_ALIASES: Readonly<Record<string, string>> = {
  "spotify-playlist-plays": "spotify-plays",
};

const columns = {
  ...listedServiceColumns,
  defaultPosts: services.defaultPosts,
  platformName: platforms.name,
};

/**
 * Only services of a listed platform have a page (their platform's list and order pages exist): the specification's
 * or one the operator added (docs/decisions/038).
 */
const onListedPlatform = and(eq(services.enabled, true), eq(platforms.listed, true));

/**
 * The enabled service behind a /service/{slug} address: its stored slug, else a spec alias, else a service whose
 * current name gives that slug (a renamed service keeps its old address and gains the new one). Null for
 * unknown, malformed or disabled services.
 */
export async function findServicePage(
  db: Executor,
  rawSlug: string | undefined,
): Promise<ServicePageService | null> {
  const slug = (rawSlug ?? "").trim().toLowerCase();
  if (!/^[a-z0-9][a-z0-9-]{0,99}$/.test(slug)) return null;
  const bySlug = async (value: string) => {
    const [row] = await db
      .select(columns)
      .from(services)
      .innerJoin(platforms, eq(platforms.slug, services.platform))
      .where(and(eq(services.slug, value), onListedPlatform));
    return row ?? null;
  };
  const alias = SERVICE_SLUG_ALIASES[slug];
  const found = (await bySlug(slug)) ?? (alias ? await bySlug(alias) : null);
  if (found) return found;
  const enabled = await db
    .select(columns)
    .from(services)
    .innerJoin(platforms, eq(platforms.slug, services.platform))
    .where(onListedPlatform);
  return enabled.find((service) => serviceSlug(service.name) === slug) ?? null;
}
