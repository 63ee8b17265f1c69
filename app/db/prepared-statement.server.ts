import { createHash } from "node:crypto";
import type { SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { QueryResult, QueryResultRow } from "pg";
import { env } from "../lib/env.server.ts";
import type { Executor } from "./client.server.ts";

const dialect = new PgDialect();
const names = new Map<string, string>();
// A hot statement has a handful of shapes (its values are parameters). Past this many, something builds values
// into the text, and preparing each one would only pile up plans on every connection.
export const MAX_PREPARED_SHAPES = 64;

/**
 * Runs a hot statement (the order statement) as a named prepared statement: PostgreSQL parses and plans it once
 * per connection instead of on every call, which for the order statement costs more of its CPU than the order's
 * own work. The name is derived from the text, so every shape of the statement gets its own.
 */
export async function executePrepared<Row extends QueryResultRow>(
  db: Executor,
  statement: SQL,
  prepare = env().preparedStatements,
): Promise<QueryResult<Row>> {
  // Off behind a pooler that hands each transaction another server connection without carrying prepared
  // statements along (PgBouncer before 1.21, or without max_prepared_statements).
  if (!prepare) {
    return db.execute<Row>(statement) as Promise<QueryResult<Row>>;
  }
  const query = dialect.sqlToQuery(statement);
  let name = names.get(query.sql);
  if (!name && names.size < MAX_PREPARED_SHAPES) {
    name = `boostly_${createHash("sha256").update(query.sql).digest("hex").slice(0, 32)}`;
    names.set(query.sql, name);
  }
  if (!name) return db.execute<Row>(statement) as Promise<QueryResult<Row>>;
  return db._.session.prepareQuery(query, undefined, name, false).execute() as Promise<QueryResult<Row>>;
}
