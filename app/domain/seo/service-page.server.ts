import { and, eq } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { services } from "../../db/schema.ts";
import { type ListedService, listedServiceColumns } from "../catalog/list-platform-services.server.ts";
import { parseListedPlatform } from "../catalog/platforms.ts";
import { serviceSlug } from "../catalog/service-slug.ts";

/** What a /service/{slug} page shows of a service. */
export type ServicePageService = ListedService & { defaultPosts: number | null };

/**
 * Addresses of the customer spec's route table whose service carries another name in the catalogue; used only
 * when no service has the slug itself.
 */
export const SERVICE_SLUG_ALIASES: Readonly<Record<string, string>> = {
  "spotify-playlist-plays": "spotify-plays",
};

const columns = { ...listedServiceColumns, defaultPosts: services.defaultPosts };

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
      .where(and(eq(services.slug, value), eq(services.enabled, true)));
    return row ? listed(row) : null;
  };
  const alias = SERVICE_SLUG_ALIASES[slug];
  const found = (await bySlug(slug)) ?? (alias ? await bySlug(alias) : null);
  if (found) return found;
  const enabled = await db.select(columns).from(services).where(eq(services.enabled, true));
  const byName = enabled.find((service) => serviceSlug(service.name) === slug);
  return byName ? listed(byName) : null;
}

type Row = Omit<ServicePageService, "platform"> & { platform: string };

/** Only services of a listed platform have a page (their order pages and platform lists exist). */
function listed(row: Row): ServicePageService | null {
  const platform = parseListedPlatform(row.platform);
  return platform ? { ...row, platform } : null;
}
