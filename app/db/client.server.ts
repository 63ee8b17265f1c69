import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import pg from "pg";
import { databaseUrl, env } from "../lib/env.server.ts";
import * as schema from "./schema.ts";

export type Database = NodePgDatabase<typeof schema>;
/** A database handle or an open transaction: domain functions accept either. */
export type Executor = Database | Parameters<Parameters<Database["transaction"]>[0]>[0];

type Connection = { pool: pg.Pool; db: Database };

const globalKey = Symbol.for("boostly.db");
const holder = globalThis as unknown as { [globalKey]?: Connection };

// bigint columns come back as strings by default; money in cents fits a JS number exactly up to 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

/** Opens a pool and a Drizzle handle for a connection string. */
export function connect(connectionString: string, max = 10): Connection {
  const pool = new pg.Pool({ connectionString, max });
  pool.on("error", (error: Error & { code?: string }) => {
    // 57P01: the server is shutting down (Ctrl-C reaches the embedded server too); idle clients just go away.
    if (error.code !== "57P01") console.error(`postgres pool error: ${error.message}`);
  });
  return { pool, db: drizzle(pool, { schema }) };
}

/** The process-wide connection, opened on first use from DATABASE_URL. */
export function connection(): Connection {
  if (!holder[globalKey]) {
    // databaseUrl() reads DATABASE_URL live: the server sets it after env() was first read.
    holder[globalKey] = connect(databaseUrl(), env().databasePoolSize);
  }
  return holder[globalKey];
}

/** The process-wide Drizzle handle. */
export function db(): Database {
  return connection().db;
}

/** Closes the process-wide pool (at shutdown). */
export async function closeConnection(): Promise<void> {
  const current = holder[globalKey];
  holder[globalKey] = undefined;
  await current?.pool.end();
}
