import { and, asc, eq, ilike, isNull, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client.server.ts";
import { providerCatalog, providerServices } from "../../db/schema.ts";
import { containsPattern } from "../lists/list-paging.ts";
import { costInDollars } from "../pricing/markup-price.ts";
import { CATALOG_PAGE_SIZE } from "./provider-form.ts";

/** The deepest page of a provider's catalogue offered (a search or a filter narrows past it). */
export const CATALOG_MAX_PAGE = 200;
/** Matches counted at most: past it the page says "10,000 or more". */
const COUNT_CAP = 10_000;

export type CatalogQuery = { q: string; category: string; type: string; page: number };

export type CatalogRow = {
  upstreamId: string;
  name: string;
  category: string;
  type: string;
  /** In the provider's currency, per 1000 (per package for a Package). */
  rate: string;
  /** The same in dollars, rounded up to the cent's hundredth; null without an exchange rate. */
  usdRate: string | null;
  minQuantity: number;
  maxQuantity: number;
  dripfeed: boolean;
  refill: boolean;
  /** The shop's service it is mapped to, if any. */
  mappedServiceId: string | null;
};

export type CatalogPage = {
  rows: CatalogRow[];
  /** Matches of the filters, counted up to the cap. */
  total: number;
  totalCapped: boolean;
  page: number;
  pages: number;
  categories: string[];
  types: string[];
};

/**
 * One page of a provider's catalogue as its last sync stored it (never the live API): services still listed,
 * searched by name (the trigram index), filtered by category and type, by category then name (docs/decisions/040).
 */
export async function readProviderCatalog(
  db: Database,
  provider: { id: string; usdPerUnit: string | null },
  query: CatalogQuery,
): Promise<CatalogPage> {
  const listed = and(eq(providerCatalog.providerId, provider.id), isNull(providerCatalog.missingSince));
  const filters: (SQL | undefined)[] = [listed];
  const q = query.q.trim().slice(0, 200);
  if (q) filters.push(ilike(providerCatalog.name, containsPattern(q)));
  if (query.category) filters.push(eq(providerCatalog.category, query.category));
  if (query.type) filters.push(eq(providerCatalog.type, query.type));
  const where = and(...filters);
  const page = Math.min(Math.max(1, query.page), CATALOG_MAX_PAGE);
  const [rows, [counted], categories, types] = await Promise.all([
    db
      .select({
        upstreamId: providerCatalog.upstreamId,
        name: providerCatalog.name,
        category: providerCatalog.category,
        type: providerCatalog.type,
        rate: providerCatalog.rate,
        minQuantity: providerCatalog.minQuantity,
        maxQuantity: providerCatalog.maxQuantity,
        dripfeed: providerCatalog.dripfeed,
        refill: providerCatalog.refill,
        mappedServiceId: providerServices.serviceId,
      })
      .from(providerCatalog)
      .leftJoin(
        providerServices,
        and(
          eq(providerServices.providerId, providerCatalog.providerId),
          eq(providerServices.providerServiceId, providerCatalog.upstreamId),
        ),
      )
      .where(where)
      .orderBy(asc(providerCatalog.category), asc(providerCatalog.name), asc(providerCatalog.upstreamId))
      .limit(CATALOG_PAGE_SIZE)
      .offset((page - 1) * CATALOG_PAGE_SIZE),
    db.select({ count: sql<number>`count(*)::int` }).from(
      db
        .select({ one: sql`1` })
        .from(providerCatalog)
        .where(where)
        .limit(COUNT_CAP + 1)
        .as("matches"),
    ),
    distinctOf(db, providerCatalog.category, listed),
    distinctOf(db, providerCatalog.type, listed),
  ]);
  const total = Math.min(counted?.count ?? 0, COUNT_CAP);
  return {
    rows: rows.map((row) => ({
      ...row,
      usdRate: provider.usdPerUnit === null ? null : costInDollars(row.rate, provider.usdPerUnit),
    })),
    total,
    totalCapped: (counted?.count ?? 0) > COUNT_CAP,
    page,
    pages: Math.min(CATALOG_MAX_PAGE, Math.max(1, Math.ceil(total / CATALOG_PAGE_SIZE))),
    categories,
    types,
  };
}

async function distinctOf(
  db: Database,
  column: typeof providerCatalog.category | typeof providerCatalog.type,
  where: SQL | undefined,
): Promise<string[]> {
  const rows = await db
    .selectDistinct({ value: column })
    .from(providerCatalog)
    .where(where)
    .orderBy(asc(column))
    .limit(1000);
  return rows.map((row) => row.value);
}
