// npm run bench:orders: orders over HTTP at concurrency 32 for 20 s against a fresh database, through the reseller
// API (POST /api/v2, the machine-to-machine order path) and through the storefront's Quick Order form (a signed-in
// browser's path), then the same SQL transaction (the one statement an order runs) issued directly through pg at
// the same concurrency, and the ratios. Then a signed-in page (GET /dashboard, the customers' own page) against
// GET /robots.txt (a trivial answer of the same server) in the same run, and their ratio: as customers reload it
// (served from the account page cache until something on it changes: docs/decisions/032-account-page-cache.md),
// and rendered afresh on every request (an address the cache does not keep), the cost of the first view after a
// change.
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { connect } from "../../app/db/client.server.ts";
import { executePrepared } from "../../app/db/prepared-statement.server.ts";
import { services, users } from "../../app/db/schema.ts";
import { findServiceForOrder } from "../../app/domain/catalog/service-cache.server.ts";
import { paidOrderStatement } from "../../app/domain/orders/record-paid-order.server.ts";
import { cents } from "../../app/domain/pricing/cents.ts";
import { chargeForQuantity } from "../../app/domain/pricing/price.ts";
import { apiKeyAuthorisation } from "../../app/domain/reseller/api-key-guard.server.ts";
import { createApiKey, digestApiKey } from "../../app/domain/reseller/api-keys.server.ts";
import { postLedgerEntry } from "../../app/domain/wallet/post-ledger-entry.server.ts";
import {
  cpuPerOrder,
  freshDatabase,
  runBench,
  runLoad,
  sampleCpu,
  startApp,
  warmUp,
} from "./bench-support.ts";
import { closeConnections, postForm } from "./lean-http-client.ts";

// The direct path counts its requests on the API keys' rows too: the same generous limit as the app server's.
process.env.RATE_LIMIT_MULTIPLIER = "100000";
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const WARM_UP_SECONDS = Number(process.env.BENCH_WARM_UP_SECONDS ?? 3);
const PASSWORD = "bench-password-1";
// BENCH_ONLY=api (or form, direct, pages) runs one path, e.g. to profile the server under that load alone.
const ONLY = process.env.BENCH_ONLY;
const skipped = { count: 0, failures: 0, perSecond: 0, p50: 0, p99: 0 };

await runBench("bench:orders", async (run) => {
  const database = await freshDatabase(run);
  // The app gets as many connections as the direct path below (one per load worker), so both run at the same
  // concurrency.
  const app = await startApp(run, database.url, {
    DATABASE_POOL_SIZE: String(process.env.BENCH_POOL_SIZE ?? CONCURRENCY),
  });
  const { db, pool } = connect(database.url, CONCURRENCY);
  run.onEnd(async () => {
    closeConnections();
    await pool.end();
  });
  const [likes] = await db
    .select({ id: services.id, apiId: services.apiId })
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
    if (!signIn.ok) throw new Error(`sign-in failed: ${signIn.status}`);
    cookies.push(
      signIn.headers
        .getSetCookie()
        .map((cookie) => cookie.split(";")[0])
        .join("; "),
    );
    userIds.push(user!.id);
    const created = await createApiKey(db, { userId: user!.id, name: "bench" });
    if (!created.ok) throw new Error(created.message);
    apiKeys.push(created.key);
  }

  // A post of its own per order: a second order on a link with an active one is refused (product rules 4.27).
  let posts = 0;
  const nextLink = () => `https://www.instagram.com/p/Bench${++posts}/`;
  const apiOrder = async (worker: number) => {
    const response = await postForm(
      `${app.appUrl}/api/v2`,
      {},
      {
        key: apiKeys[worker]!,
        action: "add",
        service: String(likes.apiId),
        link: nextLink(),
        quantity: "150",
        idempotency_key: randomUUID(),
      },
    );
    return response.status === 200 && response.body.startsWith('{"order":');
  };
  const formOrder = async (worker: number) => {
    const response = await postForm(
      `${app.appUrl}/quick-order`,
      { Cookie: cookies[worker]!, Origin: app.appUrl },
      { serviceId: likes.id, targetLink: nextLink(), quantity: "150", idempotencyKey: randomUUID() },
    );
    return response.status === 302 && response.location === "/dashboard";
  };
  // Exactly the statement an API order runs (paidOrderStatement with the API's guard: service, maintenance, key and
  // rate-limit checks), sent straight through pg the way the app sends it (a named prepared statement).
  const service = await findServiceForOrder(db, likes.id, { fresh: true });
  if (!service) throw new Error("Instagram Likes is not orderable");
  const directOrder = async (worker: number) => {
    const statement = paidOrderStatement(
      {
        userId: userIds[worker]!,
        serviceId: likes.id,
        serviceName: service.name,
        quantity: 150,
        targetLink: nextLink(),
        deliverySpeed: "normal",
        totalCents: chargeForQuantity(service.pricePer1000, 150),
        discountTenths: 0,
        metadata: { service_name: service.name, platform: service.platform, via_api: true },
        idempotencyKey: `api:${randomUUID()}`,
      },
      {
        service,
        shopMustBeOpen: true,
        authorisation: apiKeyAuthorisation({ keyHash: digestApiKey(apiKeys[worker]!), counted: false }),
      },
    );
    const result = await executePrepared(db, statement);
    return result.rowCount === 1;
  };

  /** Warms a path up, then measures it: its figures and the CPU each order took per process. */
  const measure = async (path: "api" | "form" | "direct", label: string, task: typeof apiOrder) => {
    if (ONLY && ONLY !== path) return { label, result: skipped, cpu: "" };
    console.log(
      `${label}: ${WARM_UP_SECONDS} s warm-up, then ${SECONDS} s at concurrency ${CONCURRENCY} ...`,
    );
    await warmUp(CONCURRENCY, WARM_UP_SECONDS, task);
    const serverPid = path === "direct" ? null : app.pid;
    const before = await sampleCpu(serverPid, database.dataDir);
    const result = await runLoad(CONCURRENCY, SECONDS, task);
    const cpu = cpuPerOrder(before, await sampleCpu(serverPid, database.dataDir), result.count);
    run.expectNoFailedCalls(label, result);
    return { label, result, cpu };
  };
  const api = await measure("api", "HTTP API (POST /api/v2 add)", apiOrder);
  const form = await measure("form", "HTTP form (POST /quick-order)", formOrder);
  const direct = await measure("direct", "direct SQL (same statement)", directOrder);

  console.log("");
  for (const { label, result, cpu } of [api, form, direct]) {
    console.log(
      `${label.padEnd(30)} ${result.perSecond.toFixed(0).padStart(7)} orders/s   p50 ${result.p50.toFixed(1).padStart(6)} ms   p99 ${result.p99.toFixed(1).padStart(6)} ms   (${result.count} done, ${result.failures} failed)`,
    );
    console.log(`    ${cpu}`);
  }
  // Each ratio and p99 is checked only for the paths this run measured (BENCH_ONLY measures one).
  const ran = (path: typeof api) => path.result !== skipped;
  if (ran(direct)) {
    for (const [key, path] of [
      ["API_RATIO", api],
      ["FORM_RATIO", form],
    ] as const) {
      if (!ran(path)) continue;
      const ratio = path.result.perSecond / direct.result.perSecond;
      const verdict = run.goal(key, `${path.label} / direct`, ratio, { atLeast: 0.5 }, (n) => n.toFixed(2));
      console.log(`ratio ${path.label} / direct SQL: ${ratio.toFixed(2)} ${verdict}`);
    }
  }
  for (const [key, path] of [
    ["API_P99_MS", api],
    ["FORM_P99_MS", form],
  ] as const) {
    if (!ran(path)) continue;
    const verdict = run.goal(
      key,
      `${path.label} p99`,
      path.result.p99,
      { below: 100 },
      (n) => `${n.toFixed(1)} ms`,
    );
    console.log(`${path.label} p99: ${path.result.p99.toFixed(1)} ms ${verdict}`);
  }

  // A signed-in page as a browser asks for it (gzip), against the server's most trivial answer, in the same run.
  // `extraCookie`: any cookie but the session's and analytics' makes the page render outside the account page cache.
  const page =
    (path: string, withCookie: boolean, extraCookie = "") =>
    async (worker: number) => {
      const cookie = withCookie ? `${cookies[worker]!}${extraCookie ? `; ${extraCookie}` : ""}` : "";
      const response = await fetch(`${app.appUrl}${path}`, {
        headers: { "Accept-Encoding": "gzip", ...(cookie ? { Cookie: cookie } : {}) },
        redirect: "manual",
      });
      const body = await response.text();
      return response.status === 200 && (withCookie ? body.includes("</html>") : body.length > 0);
    };
  const measurePage = async (label: string, task: (worker: number) => Promise<boolean>) => {
    if (ONLY && ONLY !== "pages") return { label, result: skipped, cpu: "" };
    console.log(
      `${label}: ${WARM_UP_SECONDS} s warm-up, then ${SECONDS} s at concurrency ${CONCURRENCY} ...`,
    );
    await warmUp(CONCURRENCY, WARM_UP_SECONDS, task);
    const before = await sampleCpu(app.pid, database.dataDir);
    const result = await runLoad(CONCURRENCY, SECONDS, task);
    const cpu = cpuPerOrder(before, await sampleCpu(app.pid, database.dataDir), result.count);
    run.expectNoFailedCalls(label, result);
    return { label, result, cpu: cpu.replace("per order", "per request") };
  };
  if (ONLY === "pages") {
    // Without the order paths before it, give every customer a dashboard's worth of orders and transactions.
    for (let worker = 0; worker < CONCURRENCY; worker++) {
      for (let order = 0; order < 30; order++) await directOrder(worker);
    }
  }
  let request = 0;
  const robots = await measurePage("GET /robots.txt", page("/robots.txt", false));
  const dashboard = await measurePage("GET /dashboard (signed in)", page("/dashboard", true));
  const rendered = await measurePage("GET /dashboard (signed in, rendered each time)", (worker) =>
    page("/dashboard", true, `bench_render=${++request}`)(worker),
  );
  console.log("");
  for (const { label, result, cpu } of [robots, dashboard, rendered]) {
    console.log(
      `${label.padEnd(30)} ${result.perSecond.toFixed(0).padStart(7)} req/s      p50 ${result.p50.toFixed(1).padStart(6)} ms   p99 ${result.p99.toFixed(1).padStart(6)} ms   (${result.count} done, ${result.failures} failed)`,
    );
    console.log(`    ${cpu}`);
  }
  if (ran(robots)) {
    const pageRatio = (path: typeof robots) => path.result.perSecond / robots.result.perSecond;
    const verdict = run.goal(
      "DASHBOARD_RATIO",
      "signed-in /dashboard / robots.txt",
      pageRatio(dashboard),
      { atLeast: 0.25 },
      (n) => n.toFixed(2),
    );
    console.log(
      `ratio signed-in /dashboard / robots.txt: ${pageRatio(dashboard).toFixed(2)} ${verdict}; rendered each time: ${pageRatio(rendered).toFixed(2)}`,
    );
  }
});
