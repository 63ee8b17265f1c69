import type pg from "pg";

/**
 * Indexes the admin search needs on tables that grow to millions of rows, built with CREATE INDEX CONCURRENTLY
 * after the migrations (docs/decisions/045): a migration runs in one transaction, where a build takes a write lock
 * on the table for as long as it lasts (11.6 s for orders.target_link at 1,000,000 orders, decisions/030); built
 * concurrently, orders, refunds and the worker go on while it is built. They are not in the Drizzle schema, so
 * drizzle-kit neither generates nor drops them.
 */
const SEARCH_INDEXES = [
  {
    name: "orders_target_link_trgm_idx",
    // A link contains the text searched for (ILIKE '%…%'), three characters or more (product rules 14.30).
    definition: "on orders using gin (target_link gin_trgm_ops)",
  },
  {
    name: "fulfilments_provider_order_idx",
    // A part by the provider's own order id (product rules 14.30); parts not sent yet have none.
    definition: "on fulfilments (provider_order_id) where provider_order_id is not null",
  },
] as const;

/**
 * Builds each search index that is missing, concurrently. A build that was interrupted leaves an invalid index,
 * which the planner ignores: it is dropped and built again. A build that fails (a lock it waited too long for)
 * is logged and tried again at the next start; the searches stay correct without their index, only slower.
 */
export async function buildSearchIndexes(client: pg.Client): Promise<void> {
  for (const index of SEARCH_INDEXES) {
    try {
      const found = await client.query<{ valid: boolean }>(
        "select i.indisvalid as valid from pg_index i join pg_class c on c.oid = i.indexrelid where c.relname = $1",
        [index.name],
      );
      if (found.rows[0]?.valid) continue;
      if (found.rows[0]) await client.query(`drop index concurrently if exists ${index.name}`);
      await client.query(`create index concurrently if not exists ${index.name} ${index.definition}`);
    } catch (error) {
      console.error(`search index ${index.name} not built; the next start tries again`, error);
    }
  }
}
