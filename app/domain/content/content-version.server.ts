import { sql } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { executePrepared } from "../../db/prepared-statement.server.ts";

/**
 * The shop's content version: the last transaction that changed anything a visitor page shows (catalogue, packs,
 * settings, banner, blog), moved by triggers (drizzle/0019_page_versions.sql). Part of every kept visitor page's
 * key (docs/decisions/035-versioned-page-caches.md).
 */
export async function readContentVersion(db: Executor): Promise<string> {
  // Read before every visitor page the cache answers: a named prepared statement, planned once per connection.
  const result = await executePrepared<{ version: string }>(
    db,
    sql`select version::text as version from site_content_version`,
  );
  return result.rows[0]?.version ?? "0";
}
