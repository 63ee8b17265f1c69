import { and, asc, eq, inArray, or } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { services } from "../../db/schema.ts";
import type { ServiceOrderType } from "../pricing/price.ts";

/** The one-time services the home page features after the auto services (customer spec, section 9). */
const FEATURED_ONE_TIME = ["Instagram Likes", "YouTube Views", "TikTok Likes", "Spotify Followers"];
const FEATURED_LIMIT = 6;

export type FeaturedService = {
  id: string;
  slug: string;
  name: string;
  description: string;
  platform: string;
  serviceType: "one_time" | "auto";
  pricePer1000: string;
  /** A Package's rate is per package (product rules 13.10). */
  orderType: ServiceOrderType;
  unitLabel: string | null;
};

/** At most six enabled services: every auto service, then the named one-time services in the spec's order. */
export async function listFeaturedServices(db: Executor): Promise<FeaturedService[]> {
  const rows = await db
    .select({
      id: services.id,
      slug: services.slug,
      name: services.name,
      description: services.description,
      platform: services.platform,
      serviceType: services.serviceType,
      pricePer1000: services.pricePer1000,
      orderType: services.orderType,
      unitLabel: services.unitLabel,
    })
    .from(services)
    .where(
      and(
        eq(services.enabled, true),
        or(
          eq(services.serviceType, "auto"),
          and(eq(services.serviceType, "one_time"), inArray(services.name, FEATURED_ONE_TIME)),
        ),
      ),
    )
    .orderBy(asc(services.sortOrder), asc(services.name));
  const autos = rows.filter((row) => row.serviceType === "auto");
  const oneTime = FEATURED_ONE_TIME.flatMap((name) =>
    rows.filter((row) => row.name === name && row.serviceType === "one_time"),
  );
  return [...autos, ...oneTime].slice(0, FEATURED_LIMIT);
}
