import { eq } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { serviceCategories, services } from "../../db/schema.ts";
import { cursorSql, oldestFirstBatches } from "../lists/keyset-page.server.ts";
import { servicesSearch } from "./list-services-for-admin.server.ts";

/** Services an export reads per statement. */
const EXPORT_BATCH_SIZE = 1_000;

/** One service as the services export writes it (product rules 14.36). */
export type ExportedService = {
  name: string;
  slug: string;
  platform: string;
  category: string | null;
  serviceType: "one_time" | "auto";
  orderType: string;
  pricePer1000: string;
  minQuantity: number;
  maxQuantity: number;
  enabled: boolean;
};

/** Every service the services list's search `q` finds, oldest first, in batches. */
export function exportServices(db: Executor, q: string): AsyncGenerator<ExportedService[]> {
  return oldestFirstBatches({
    createdAt: services.createdAt,
    id: services.id,
    where: servicesSearch(q),
    batchSize: EXPORT_BATCH_SIZE,
    rows: (where, orderBy, limit) =>
      db
        .select({
          name: services.name,
          slug: services.slug,
          platform: services.platform,
          category: serviceCategories.name,
          serviceType: services.serviceType,
          orderType: services.orderType,
          pricePer1000: services.pricePer1000,
          minQuantity: services.minQuantity,
          maxQuantity: services.maxQuantity,
          enabled: services.enabled,
          cursor: cursorSql(services.createdAt, services.id),
        })
        .from(services)
        .leftJoin(serviceCategories, eq(serviceCategories.id, services.categoryId))
        .where(where)
        .orderBy(...orderBy)
        .limit(limit),
  });
}
