import { and, asc, eq } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { services } from "../../db/schema.ts";
import { type ListedPlatform, platformNames } from "../catalog/platforms.ts";

export type ApiService = {
  service: string;
  name: string;
  type: "Default";
  category: string;
  rate: string;
  min: string;
  max: string;
  refill: boolean;
  cancel: boolean;
};

/** The rate as the API shows it: dollars per 1000 with at least two decimals ("4.0000" -> "4.00", "0.125" stays). */
export function apiRate(pricePer1000: string): string {
  const [whole = "0", fraction = ""] = pricePer1000.split(".");
  const trimmed = fraction.replace(/0+$/, "");
  return `${whole}.${trimmed.padEnd(2, "0")}`;
}

/** Every enabled one-time service in the standard `services` shape (auto services are not sold over the API). */
export async function listApiServices(db: Executor): Promise<ApiService[]> {
  const rows = await db
    .select({
      id: services.id,
      name: services.name,
      platform: services.platform,
      pricePer1000: services.pricePer1000,
      minQuantity: services.minQuantity,
      maxQuantity: services.maxQuantity,
    })
    .from(services)
    .where(and(eq(services.enabled, true), eq(services.serviceType, "one_time")))
    .orderBy(asc(services.platform), asc(services.sortOrder), asc(services.name));
  return rows.map((row) => ({
    service: row.id,
    name: row.name,
    type: "Default",
    category: platformNames[row.platform as ListedPlatform] ?? "Other",
    rate: apiRate(row.pricePer1000),
    min: String(row.minQuantity),
    max: String(row.maxQuantity),
    refill: false,
    cancel: true,
  }));
}
