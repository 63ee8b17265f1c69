// npm run bench:admin: 10,000 users and 100,000 orders in a fresh database, an admin signed in over HTTP, then
// 50 sequential GETs of each admin list page (first page, a status filter, searches), printing p50 and p99.
// The rows are inserted set-based (INSERT ... SELECT generate_series) WITHOUT ledger rows: users keep a zero
// balance, so balance == sum(ledger) still holds; the point is how fast the lists read, not the money.
// BENCH_EXPLAIN=1 also prints EXPLAIN ANALYZE of the statements behind the first orders page; BENCH_SQL="create index ..." runs a
// statement before timing (to measure an index without a migration).
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { connect } from "../../app/db/client.server.ts";
import { userRoles, users } from "../../app/db/schema.ts";
import { freshDatabase, startApp } from "./bench-support.ts";

const USERS = Number(process.env.BENCH_USERS ?? 10_000);
const ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 50);
const GOAL_MS = 300;
const PASSWORD = "bench-password-1";

const database = await freshDatabase();
const { db, pool } = connect(database.url, 2);
const app = await startApp(database.url);
try {
  let started = performance.now();
  await db.execute(sql`
    insert into users (email, email_verified, created_at, updated_at)
    select 'bench-user-' || g || '@example.test', true, now() - g * interval '1 minute', now()
    from generate_series(1, ${USERS}) as g`);
  // Spread over every user, the seeded one-time services and every status, newest order about now.
  await db.execute(sql`
    with picked_users as (select array_agg(id order by email) as ids from users where email like 'bench-user-%'),
         picked_services as (select array_agg(id) as ids from services where service_type = 'one_time'),
         statuses as (select enum_range(null::order_status) as names)
    insert into orders (user_id, service_id, quantity, target_link, total_cents, status, created_at, updated_at)
    select picked_users.ids[1 + (g * 7919) % ${USERS}],
           picked_services.ids[1 + g % array_length(picked_services.ids, 1)],
           100 + g % 900,
           'https://www.instagram.com/p/Bench' || g || '/',
           40 + g % 500,
           statuses.names[1 + (g / 3) % array_length(statuses.names, 1)],
           now() - g * interval '20 seconds',
           now()
    from generate_series(1, ${ORDERS}) as g, picked_users, picked_services, statuses`);
  // What autovacuum does shortly after a bulk load (insert-triggered vacuum since PostgreSQL 13): planner
  // statistics, and the visibility map that lets count(*) over an index skip the table.
  await db.execute(sql`vacuum analyze`);
  console.log(
    `inserted ${USERS.toLocaleString("en-US")} users and ${ORDERS.toLocaleString("en-US")} orders in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  if (process.env.BENCH_SQL) {
    started = performance.now();
    await db.execute(sql.raw(process.env.BENCH_SQL));
    await db.execute(sql`vacuum analyze`);
    console.log(
      `ran BENCH_SQL in ${((performance.now() - started) / 1000).toFixed(1)} s: ${process.env.BENCH_SQL}`,
    );
  }

  const cookie = await signInAdmin();
  const searchedUser = `bench-user-${Math.ceil(USERS / 2)}@example.test`;
  const pages = [
    "/admin/orders",
    "/admin/orders?status=completed",
    `/admin/orders?q=${encodeURIComponent(searchedUser)}`,
    "/admin/orders?q=ORD-150000",
    "/admin/users",
    "/admin/users?q=bench-user-42",
    "/admin/users?page=100",
  ];
  console.log("");
  let slow = 0;
  for (const path of pages) {
    const result = await timeGets(path, cookie);
    if (result.p50 > GOAL_MS) slow += 1;
    console.log(
      `GET ${path.padEnd(52)} p50 ${result.p50.toFixed(1).padStart(7)} ms   p99 ${result.p99.toFixed(1).padStart(7)} ms   (${REQUESTS} sequential, ${result.failures} failed)`,
    );
  }
  console.log(
    `\ngoal: under ${GOAL_MS} ms per page; ${slow === 0 ? "every page meets it" : `${slow} page(s) slower`}`,
  );

  if (process.env.BENCH_EXPLAIN) {
    for (const statement of [
      "select status, count(*) from orders group by status",
      `select o.id, u.email, s.name from orders o left join users u on u.id = o.user_id
         left join services s on s.id = o.service_id
         order by o.created_at desc nulls last, o.id desc limit 50`,
      `select count(*) from users where email ilike '%bench-user-42%'`,
    ]) {
      const plan = await pool.query(`explain (analyze, buffers) ${statement}`);
      console.log(`\n${statement}\n${plan.rows.map((row) => row["QUERY PLAN"]).join("\n")}`);
    }
  }
} finally {
  await pool.end();
  await app.stop();
  await database.stop();
}

/** Signs an admin up and in over HTTP (the role row is granted directly); returns the session cookie. */
async function signInAdmin(): Promise<string> {
  const email = `bench-admin-${randomUUID()}@example.test`;
  const headers = { "Content-Type": "application/json", Origin: app.appUrl };
  const signUp = await fetch(`${app.appUrl}/api/auth/sign-up/email`, {
    method: "POST",
    headers,
    body: JSON.stringify({ email, password: PASSWORD, name: "" }),
  });
  if (!signUp.ok) throw new Error(`sign-up failed: ${signUp.status}`);
  const [admin] = await db
    .update(users)
    .set({ emailVerified: true })
    .where(eq(users.email, email))
    .returning({ id: users.id });
  await db.insert(userRoles).values({ userId: admin!.id, role: "admin" });
  const signIn = await fetch(`${app.appUrl}/api/auth/sign-in/email`, {
    method: "POST",
    headers,
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (!signIn.ok) throw new Error(`sign-in failed: ${signIn.status}`);
  return signIn.headers
    .getSetCookie()
    .map((value) => value.split(";")[0])
    .join("; ");
}

/**
 * REQUESTS sequential GETs of one page (the whole HTML read), after 3 untimed ones that warm the server's
 * code and the database cache; latencies sorted for the percentiles.
 */
async function timeGets(path: string, cookie: string) {
  for (let index = 0; index < 3; index++)
    await (await fetch(`${app.appUrl}${path}`, { headers: { Cookie: cookie }, redirect: "manual" })).text();
  const latencies: number[] = [];
  let failures = 0;
  for (let index = 0; index < REQUESTS; index++) {
    const started = performance.now();
    const response = await fetch(`${app.appUrl}${path}`, { headers: { Cookie: cookie }, redirect: "manual" });
    await response.text();
    latencies.push(performance.now() - started);
    if (response.status !== 200) failures += 1;
  }
  latencies.sort((a, b) => a - b);
  const pick = (q: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { p50: pick(0.5), p99: pick(0.99), failures };
}
