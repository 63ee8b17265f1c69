// EXPLAIN (ANALYZE, BUFFERS) of every statement the admin lists send for the bench's views
// (docs/decisions/030-admin-lists-at-scale.md): the domain functions run on a Drizzle handle that records its
// statements, then each is explained with its parameters. Used by `BENCH_EXPLAIN=1 npm run bench:admin`; on a
// database of your own: `EXPLAIN_DATABASE_URL=postgres://... npm exec -- node scripts/bench/explain-admin-lists.ts`.
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import * as schema from "../../app/db/schema.ts";
import { readAdminUsersPage } from "../../app/domain/accounts/list-users-for-admin.server.ts";
import { readManualWork } from "../../app/domain/admin/read-manual-work.server.ts";
import { readAdminAutoOrdersPage } from "../../app/domain/auto-orders/list-auto-orders-for-admin.server.ts";
import { readAdminOrdersPage } from "../../app/domain/orders/list-orders-for-admin.server.ts";
import { readAdminTicketsPage } from "../../app/domain/tickets/list-tickets-for-admin.server.ts";

/** Explains the statements behind each admin list view; prints each plan's total time and, verbose, the plan. */
export async function explainAdminLists(
  pool: pg.Pool,
  options: { users: number; orders: number; verbose: boolean },
) {
  const recorded: { query: string; params: unknown[] }[] = [];
  const db = drizzle(pool, {
    schema,
    logger: { logQuery: (query, params) => recorded.push({ query, params }) },
  });
  const middleUser = `bench-user-${Math.ceil(options.users / 2)}@example.test`;
  const partialUser = `user-${Math.ceil(options.users / 3)}`;
  const views: [string, () => Promise<unknown>][] = [
    ["orders", () => readAdminOrdersPage(db, {})],
    ["orders completed", () => readAdminOrdersPage(db, { status: "completed" })],
    [
      "orders by number",
      () => readAdminOrdersPage(db, { q: `ORD-${100_000 + Math.ceil(options.orders / 2)}` }),
    ],
    ["orders by e-mail", () => readAdminOrdersPage(db, { q: middleUser.toUpperCase() })],
    ["orders partial", () => readAdminOrdersPage(db, { q: partialUser })],
    ["orders broad partial", () => readAdminOrdersPage(db, { q: "bench-user-1" })],
    ["orders page 200", () => readAdminOrdersPage(db, { page: 200 })],
    ["users", () => readAdminUsersPage(db, {})],
    ["users by e-mail", () => readAdminUsersPage(db, { q: middleUser })],
    ["users partial", () => readAdminUsersPage(db, { q: partialUser })],
    ["users page 200", () => readAdminUsersPage(db, { page: 200 })],
    ["tickets", () => readAdminTicketsPage(db, {})],
    ["tickets by number", () => readAdminTicketsPage(db, { q: "TKT-125000" })],
    ["tickets by subject", () => readAdminTicketsPage(db, { q: "refill" })],
    ["tickets page 200", () => readAdminTicketsPage(db, { page: 200 })],
    ["auto orders", () => readAdminAutoOrdersPage(db, {})],
    ["auto orders by e-mail", () => readAdminAutoOrdersPage(db, { q: middleUser })],
    ["auto orders by username", () => readAdminAutoOrdersPage(db, { q: "profile_16667" })],
    ["manual work", () => readManualWork(db, {})],
    ["manual work page 9", () => readManualWork(db, { page: 9 })],
  ];
  for (const [name, read] of views) {
    recorded.length = 0;
    await read();
    console.log(`\n=== ${name}`);
    for (const { query, params } of [...recorded]) {
      const plan = await pool.query(`explain (analyze, buffers) ${query}`, params);
      const lines = plan.rows.map((row) => String(row["QUERY PLAN"]));
      const time = lines.find((line) => line.startsWith("Execution Time")) ?? "";
      console.log(`-- ${time}: ${query.replace(/\s+/g, " ").slice(0, 160)}`);
      if (options.verbose) console.log(lines.join("\n"));
    }
  }
}

if (process.env.EXPLAIN_DATABASE_URL) {
  const pool = new pg.Pool({ connectionString: process.env.EXPLAIN_DATABASE_URL, max: 1 });
  await explainAdminLists(pool, {
    users: Number(process.env.BENCH_USERS ?? 100_000),
    orders: Number(process.env.BENCH_ORDERS ?? 1_000_000),
    verbose: process.env.EXPLAIN_VERBOSE === "1",
  });
  await pool.end();
}
