// npm run bench:orders: orders over HTTP at concurrency 32 for 20 s against a fresh database, through the reseller
// API (POST /api/v2, the machine-to-machine order path) and through the storefront's Quick Order form (a signed-in
// browser's path), then the same SQL transaction (the one statement an order runs) issued directly through pg at
// the same concurrency, and the ratios.
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { connect } from "../../app/db/client.server.ts";
import { services, users } from "../../app/db/schema.ts";
import { paidOrderStatement } from "../../app/domain/orders/record-paid-order.server.ts";
import { cents } from "../../app/domain/pricing/cents.ts";
import { createApiKey } from "../../app/domain/reseller/api-keys.server.ts";
import { postLedgerEntry } from "../../app/domain/wallet/post-ledger-entry.server.ts";
import { cpuPerOrder, freshDatabase, postForm, runLoad, sampleCpu, startApp } from "./bench-support.ts";

const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const PASSWORD = "bench-password-1";
// BENCH_ONLY=api (or form, direct) runs one path, e.g. to profile the server under that load alone.
const ONLY = process.env.BENCH_ONLY;
const skipped = { count: 0, failures: 0, perSecond: 0, p50: 0, p99: 0 };

const database = await freshDatabase();
// The app gets as many connections as the direct path below (one per load worker), so both run at the same concurrency.
const app = await startApp(database.url, {
  DATABASE_POOL_SIZE: String(process.env.BENCH_POOL_SIZE ?? CONCURRENCY),
});
const { db, pool } = connect(database.url, CONCURRENCY);
try {
  const [likes] = await db
    .select({ id: services.id })
    .from(services)
    .where(eq(services.slug, "instagram-likes"));
  if (!likes) throw new Error("no Instagram Likes service");

  // One customer per load worker, each with a large balance, signed in over HTTP.
  const cookies: string[] = [];
  const userIds: string[] = [];
  const apiKeys: string[] = [];
  for (let worker = 0; worker < CONCURRENCY; worker++) {
    const email = `bench-${worker}-${randomUUID()}@example.test`;
    const signUp = await fetch(`${app.appUrl}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: app.appUrl },
      body: JSON.stringify({ email, password: PASSWORD, name: "" }),
    });
    if (!signUp.ok) throw new Error(`sign-up failed: ${signUp.status}`);
    const [user] = await db
      .update(users)
      .set({ emailVerified: true })
      .where(eq(users.email, email))
      .returning({ id: users.id });
    await db.transaction((tx) =>
      postLedgerEntry(tx, { userId: user!.id, type: "adjustment", amountCents: cents(100_000_000) }),
    );
    const signIn = await fetch(`${app.appUrl}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: app.appUrl },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    cookies.push(
      signIn.headers
        .getSetCookie()
        .map((cookie) => cookie.split(";")[0])
        .join("; "),
    );
    userIds.push(user!.id);
    const created = await createApiKey(db, { userId: user!.id, name: "bench" });
    if (!created.ok) throw new Error(created.error);
    apiKeys.push(created.key);
  }

  const link = "https://www.instagram.com/p/Bench123/";
  console.log(`Placing orders through POST /api/v2: concurrency ${CONCURRENCY}, ${SECONDS} s ...`);
  const cpuAtStart = await sampleCpu(app.pid, database.dataDir);
  const api =
    ONLY && ONLY !== "api"
      ? skipped
      : await runLoad(CONCURRENCY, SECONDS, async (worker) => {
          const response = await postForm(
            `${app.appUrl}/api/v2`,
            {},
            {
              key: apiKeys[worker]!,
              action: "add",
              service: likes.id,
              link,
              quantity: "150",
              idempotency_key: randomUUID(),
            },
          );
          return response.status === 200 && response.body.startsWith('{"order":');
        });
  const cpuAfterApi = await sampleCpu(app.pid, database.dataDir);

  console.log(`Placing orders through POST /quick-order: concurrency ${CONCURRENCY}, ${SECONDS} s ...`);
  const form =
    ONLY && ONLY !== "form"
      ? skipped
      : await runLoad(CONCURRENCY, SECONDS, async (worker) => {
          const response = await postForm(
            `${app.appUrl}/quick-order`,
            { Cookie: cookies[worker]!, Origin: app.appUrl },
            { serviceId: likes.id, targetLink: link, quantity: "150", idempotencyKey: randomUUID() },
          );
          return response.status === 302 && response.location === "/dashboard";
        });
  const cpuAfterForm = await sampleCpu(app.pid, database.dataDir);

  // Exactly the statement the HTTP path runs for an order (paidOrderStatement), sent straight through pg.
  const dialect = new PgDialect();
  const direct =
    ONLY && ONLY !== "direct"
      ? skipped
      : await runLoad(CONCURRENCY, SECONDS, async (worker) => {
          const statement = paidOrderStatement({
            userId: userIds[worker]!,
            serviceId: likes.id,
            serviceName: "Instagram Likes",
            quantity: 150,
            targetLink: link,
            deliverySpeed: "normal",
            totalCents: cents(60),
            metadata: { service_name: "Instagram Likes", platform: "instagram" },
            idempotencyKey: randomUUID(),
          });
          const { sql: text, params } = dialect.sqlToQuery(statement);
          const result = await pool.query(text, params);
          return result.rowCount === 1;
        });
  const cpuAfterDirect = await sampleCpu(null, database.dataDir);

  const row = (label: string, result: typeof api) =>
    `${label.padEnd(30)} ${result.perSecond.toFixed(0).padStart(7)} orders/s   p50 ${result.p50.toFixed(1).padStart(6)} ms   p99 ${result.p99.toFixed(1).padStart(6)} ms   (${result.count} done, ${result.failures} failed)`;
  console.log("");
  console.log(row("HTTP API (POST /api/v2 add)", api));
  console.log(`    ${cpuPerOrder(cpuAtStart, cpuAfterApi, api.count)}`);
  console.log(row("HTTP form (POST /quick-order)", form));
  console.log(`    ${cpuPerOrder(cpuAfterApi, cpuAfterForm, form.count)}`);
  console.log(row("direct SQL (same statement)", direct));
  console.log(`    ${cpuPerOrder({ ...cpuAfterForm, server: 0 }, cpuAfterDirect, direct.count)}`);
  const ratio = (result: typeof api) => (result.perSecond / direct.perSecond).toFixed(2);
  console.log(
    `ratio API / direct: ${ratio(api)}, form / direct: ${ratio(form)} (goal >= 0.50; HTTP p99 goal < 100 ms)`,
  );
} finally {
  await pool.end();
  await app.stop();
  await database.stop();
}
