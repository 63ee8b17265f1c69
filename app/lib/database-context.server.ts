import { createContext, type RouterContext, RouterContextProvider } from "react-router";
import type { Database } from "../db/client.server.ts";

/** The handle domain functions take first; route code names its type from here, not from app/db. */
export type { Database };

// The server (server/page-handler.ts) loads this file from source and the route modules get their own copy inside
// the server build: one key per process, kept on globalThis (like the connection in app/db/client.server.ts), so
// the value the server sets is the one the routes read.
const globalKey = Symbol.for("boostly.databaseContext");
const holder = globalThis as unknown as { [globalKey]?: RouterContext<Database> };
// No default: a request without the database is a wiring fault, and context.get throws.
holder[globalKey] ??= createContext<Database>();
const databaseContext = holder[globalKey];

/**
 * A page request's React Router context, carrying the shop's database: set once per request by the server, so
 * route modules hand it to domain functions without importing the database themselves
 * (docs/architecture.md, "Rules the structure enforces").
 */
export function requestContext(database: Database): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(databaseContext, database);
  return context;
}

/** This request's database, for a loader, action or middleware to pass to domain functions. */
export function shopDatabase(context: Readonly<RouterContextProvider>): Database {
  return context.get(databaseContext);
}
