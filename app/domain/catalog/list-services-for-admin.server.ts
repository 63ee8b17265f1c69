import { asc, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { services } from "../../db/schema.ts";
import { containsPattern, pageWindow } from "../lists/list-paging.ts";
import type { AdminService } from "./service-form.ts";

/** The columns of a service that placing an order reads (all the manual order form lists of one). */
export const serviceOrderingColumns = {
  id: services.id,
  name: services.name,
  platform: services.platform,
  serviceType: services.serviceType,
  targetKind: services.targetKind,
  pricePer1000: services.pricePer1000,
  // A Package's rate is per package (product rules 13.10).
  orderType: services.orderType,
  minQuantity: services.minQuantity,
  maxQuantity: services.maxQuantity,
  defaultPosts: services.defaultPosts,
};

/** The admin's columns of a service: what the services list shows and its form edits. */
const adminServiceColumns = {
  ...serviceOrderingColumns,
  slug: services.slug,
  categoryId: services.categoryId,
  description: services.description,
  features: services.features,
  dripfeed: services.dripfeed,
  refillDays: services.refillDays,
  enabled: services.enabled,
  // The latest change a provider sync made to it (repriced, paused, ...), shown in its row.
  lastSyncChange: sql<string | null>`(select sc.kind from service_changes sc
    where sc.service_id = "services"."id" order by sc.created_at desc, sc.id desc limit 1)`,
};

/** The services list shows a page at a time: a bulk import may add thousands (product rules 13.29). */
export const SERVICES_PAGE_SIZE = 50;

export type AdminServicesPage = { rows: AdminService[]; total: number; page: number; pageCount: number };

/**
 * One page of every service, enabled or not, by platform then catalogue order; `q` keeps those whose name,
 * address or platform contains it.
 */
export async function listServicesForAdmin(
  db: Executor,
  query: { q?: string; page?: number } = {},
): Promise<AdminServicesPage> {
  const where = servicesSearch(query.q ?? "");
  const total = await db.$count(services, where);
  const { page, pageCount, offset } = pageWindow(query.page, total, SERVICES_PAGE_SIZE);
  const rows = await db
    .select(adminServiceColumns)
    .from(services)
    .where(where)
    .orderBy(asc(services.platform), asc(services.sortOrder), asc(services.name), asc(services.id))
    .limit(SERVICES_PAGE_SIZE)
    .offset(offset);
  return { rows, total, page, pageCount };
}

/** The services list's search: name, address or platform containing the text; undefined for no search. */
export function servicesSearch(text: string): SQL | undefined {
  const q = text.trim();
  const pattern = containsPattern(q);
  return q
    ? or(ilike(services.name, pattern), ilike(services.slug, pattern), ilike(services.platform, pattern))
    : undefined;
}

/** One service as the admin's form edits it; null when there is none with this id. */
export async function findServiceForAdmin(db: Executor, id: string): Promise<AdminService | null> {
  const [row] = await db.select(adminServiceColumns).from(services).where(eq(services.id, id));
  return row ?? null;
}

/** A service as the manual order form lists it: the admin's view of it without the storefront texts. */
export type ManualOrderService = Omit<
  AdminService,
  "slug" | "categoryId" | "description" | "features" | "refillDays" | "enabled" | "dripfeed"
>;

/** Every enabled service, by platform then name (the manual order form's service list). */
export async function listServicesForManualOrder(db: Executor): Promise<ManualOrderService[]> {
  return db
    .select(serviceOrderingColumns)
    .from(services)
    .where(eq(services.enabled, true))
    .orderBy(asc(services.platform), asc(services.name));
}
