// npm run bench:fulfilment: does fulfilment keep up with intake? Two shops on two fresh databases, both started from
// one build: shop B is the upstream panel (its /api/v2; no worker, no simulated provider), shop A takes orders on
// its /api/v2 at concurrency 32 and its fulfilment worker sends each one to B the moment it commits, as in
// tests/integration/http/reseller-chain.test.ts. Prints intake/s, submitted/s, the backlog and the
// order-to-upstream-id latency (from A's database), the CPU each process spent per order, and checks that every
// order reached B exactly once, that none was held and that both ledgers balance.
// Goals: submitted/s >= 0.5 x intake/s in the same run (BENCH_GOAL_RATIO), p99 order-to-upstream-id latency < 2 s
// (BENCH_GOAL_P99_MS); a failed request or check always fails the run, a missed goal too unless BENCH_GOALS=warn.
// A's worker runs as its own process (server/worker.ts, what `npm run worker` starts), as production runs it: its
// CPU is then counted apart from the web server's, and its HTTP client and the intake requests do not take turns on
// one event loop. BENCH_WORKER=inline runs it inside A's web server instead.
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { connect, type Database } from "../../app/db/client.server.ts";
import { services, userRoles, users } from "../../app/db/schema.ts";
import { addProvider } from "../../app/domain/fulfilment/manage-providers.server.ts";
import { mapProviderService } from "../../app/domain/fulfilment/provider-services.server.ts";
import { DEFAULT_CONCURRENCY_PER_PROVIDER } from "../../app/domain/fulfilment/submit-fulfilments.server.ts";
import { cents } from "../../app/domain/pricing/cents.ts";
import { createApiKey } from "../../app/domain/reseller/api-keys.server.ts";
import { findLedgerMismatches } from "../../app/domain/wallet/check-ledger.server.ts";
import { postLedgerEntry } from "../../app/domain/wallet/post-ledger-entry.server.ts";
import {
  BENCH_AUTH_SECRET,
  type BenchRun,
  freshDatabase,
  postgresCpuMs,
  processCpuMs,
  quantiles,
  runBench,
  runLoad,
  startApp,
  startWorker,
  warmUp,
} from "./bench-support.ts";
import { closeConnections, postForm } from "./lean-http-client.ts";

// The bench's own connections, told apart from the servers' in pg_stat_activity (each child is given its own name).
process.env.PGAPPNAME = "bench";
// The provider's API key is encrypted here as A's worker will decrypt it: with the servers' secret.
process.env.AUTH_SECRET = BENCH_AUTH_SECRET;
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const WARM_UP_SECONDS = Number(process.env.BENCH_WARM_UP_SECONDS ?? 3);
/** How long to wait after the load for the last measured order to get its upstream id. */
const DRAIN_SECONDS = Number(process.env.BENCH_DRAIN_SECONDS ?? 120);
/** `separate` (default): A's worker is its own process, as in production; `inline`: inside A's web server. */
const WORKER_MODE = process.env.BENCH_WORKER === "inline" ? "inline" : "separate";
const ACTIVITY = process.env.BENCH_ACTIVITY === "1";
const POOL_SIZE = String(process.env.BENCH_POOL_SIZE ?? CONCURRENCY);
// A post of its own per order: a second order on a link with an active one is refused (product rules 4.27).
let posts = 0;
const nextLink = () => `https://www.instagram.com/p/Bench${++posts}/`;

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function account(db: Database, label: string, fundsCents: number, admin = false) {
  const [user] = await db
    .insert(users)
    .values({ email: `${label}-${randomUUID()}@example.test`, emailVerified: true })
    .returning({ id: users.id });
  if (!user) throw new Error("no user");
  if (admin) await db.insert(userRoles).values({ userId: user.id, role: "owner" });
  if (fundsCents > 0) {
    const funded = await db.transaction((tx) =>
      postLedgerEntry(tx, { userId: user.id, type: "adjustment", amountCents: cents(fundsCents) }),
    );
    if (!funded.posted) throw new Error("funding failed");
  }
  return user.id;
}

async function apiKeyOf(db: Database, userId: string) {
  const created = await createApiKey(db, { userId, name: "bench" });
  if (!created.ok) throw new Error(created.message);
  return created.key;
}

/** Instagram Likes: its row id, and its integer id in the reseller API. */
async function likesService(db: Database) {
  const [row] = await db
    .select({ id: services.id, apiId: services.apiId })
    .from(services)
    .where(eq(services.slug, "instagram-likes"));
  if (!row) throw new Error("no Instagram Likes service");
  return row;
}

/** The database's clock now (epoch ms): the timestamps the figures compare are all from A's database. */
async function clockMs(db: Database): Promise<number> {
  const result = await db.execute<{ ms: number }>(
    sql`select extract(epoch from clock_timestamp()) * 1000 as ms`,
  );
  return Number(result.rows[0]?.ms);
}

/** Submissions not yet sent (queued, or claimed and on their way), all orders. */
async function backlogOf(db: Database): Promise<number> {
  const result = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from fulfilments where state in ('queued', 'submitting')`,
  );
  return Number(result.rows[0]?.n);
}

type Processes = Record<string, () => Promise<number>>;

/** CPU used so far (ms) by each process of the run. */
async function sampleAll(processes: Processes): Promise<Record<string, number>> {
  const entries = await Promise.all(
    Object.entries(processes).map(async ([name, read]) => [name, await read()] as const),
  );
  return Object.fromEntries(entries);
}

/** Each process's CPU between two samples: per order (ms), or as cores busy over `divideBy` ms. */
function cpuLine(
  before: Record<string, number>,
  after: Record<string, number>,
  by: { perOrder: number } | { divideBy: number },
) {
  const parts = Object.keys(after).map((name) => {
    const used = (after[name] ?? 0) - (before[name] ?? 0);
    return "perOrder" in by
      ? `${name} ${(used / Math.max(1, by.perOrder)).toFixed(2)} ms`
      : `${name} ${(used / by.divideBy).toFixed(2)}`;
  });
  const total = Object.keys(after).reduce((sum, name) => sum + (after[name] ?? 0) - (before[name] ?? 0), 0);
  const all =
    "perOrder" in by
      ? `${(total / Math.max(1, by.perOrder)).toFixed(2)} ms`
      : `${(total / by.divideBy).toFixed(2)}`;
  return `${parts.join(", ")}; all ${all}`;
}

/** Polls `done` every 250 ms until it holds (true) or `limitSeconds` pass (false). */
async function waitUntil(limitSeconds: number, done: () => Promise<boolean>): Promise<boolean> {
  const deadline = Date.now() + limitSeconds * 1000;
  for (;;) {
    if (await done()) return true;
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * BENCH_ACTIVITY=1: samples each database's pg_stat_activity every 20 ms during the load, to see what its
 * backends are doing (running which statement, or waiting on what); `stop` returns the most frequent.
 */
function sampleActivity(urls: Record<string, string>) {
  const seen = Object.fromEntries(Object.keys(urls).map((shop) => [shop, new Map<string, number>()]));
  const samples = Object.fromEntries(Object.keys(urls).map((shop) => [shop, 0]));
  let running = true;
  const loops = Object.entries(urls).map(async ([shop, url]) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      while (running) {
        const result = await client.query<{ what: string }>(
          `select concat_ws(' ', nullif(a.application_name, ''), a.state,
              coalesce(a.wait_event_type || ':' || a.wait_event, 'CPU'),
              (select '(' || l.locktype || ' ' || coalesce(l.classid::regclass::text, l.relation::regclass::text, '')
                  || ' ' || coalesce(l.objid::text, '') || ' ' || l.mode || ')'
                from pg_locks l where l.pid = a.pid and not l.granted limit 1),
              regexp_replace(left(a.query, 70), '\\s+', ' ', 'g')) as what
            from pg_stat_activity a
            where a.datname = current_database() and a.pid <> pg_backend_pid() and a.state <> 'idle'`,
        );
        samples[shop] = (samples[shop] ?? 0) + 1;
        const counts = seen[shop]!;
        for (const row of result.rows) counts.set(row.what, (counts.get(row.what) ?? 0) + 1);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    } finally {
      await client.end();
    }
  });
  return {
    async stop(): Promise<Record<string, string[]>> {
      running = false;
      await Promise.all(loops);
      return Object.fromEntries(
        Object.entries(seen).map(([shop, counts]) => [
          shop,
          [...counts]
            .sort((x, y) => y[1] - x[1])
            .slice(0, 12)
            .map(([what, count]) => `${(count / Math.max(1, samples[shop] ?? 0)).toFixed(2)}  ${what}`),
        ]),
      );
    },
  };
}

/**
 * The CPU each backend of a PostgreSQL server uses from the first sample on, by whom it serves (application_name,
 * or its kind). Sampled often, so a backend that ends (a pool closes idle connections after 10 s) keeps the CPU
 * it had at its last sample; what ended backends used after it shows as "other".
 */
function backendTracker(pool: pg.Pool) {
  const first = new Map<number, number>();
  const last = new Map<number, { who: string; ms: number }>();
  let started = false;
  return {
    async sample() {
      const result = await pool.query<{ pid: number; who: string }>(
        "select pid, coalesce(nullif(application_name, ''), backend_type) as who from pg_stat_activity",
      );
      for (const row of result.rows) {
        const ms = await processCpuMs(row.pid);
        if (ms === 0) continue;
        // A backend that appears later started in the window: all its CPU counts.
        if (!started) first.set(row.pid, ms);
        last.set(row.pid, { who: row.who, ms });
      }
      started = true;
    },
    /** Per order, by client, of `totalMs` (the server's CPU over the same window). */
    perOrder(totalMs: number, orders: number): string {
      const byWho = new Map<string, number>();
      for (const [pid, { who, ms }] of last)
        byWho.set(who, (byWho.get(who) ?? 0) + ms - (first.get(pid) ?? 0));
      const attributed = [...byWho.values()].reduce((sum, ms) => sum + ms, 0);
      byWho.set("other", totalMs - attributed);
      return [...byWho]
        .filter(([, ms]) => ms / Math.max(1, orders) >= 0.005)
        .sort((x, y) => y[1] - x[1])
        .map(([who, ms]) => `${who} ${(ms / Math.max(1, orders)).toFixed(2)} ms`)
        .join(", ");
    },
  };
}

await runBench("bench:fulfilment", async (run) => {
  // Both databases at once (each initdb and migration chain takes a few seconds).
  const [databaseA, databaseB] = await Promise.all([freshDatabase(run), freshDatabase(run)]);
  const shopA = connect(databaseA.url, 4);
  const shopB = connect(databaseB.url, 2);
  run.onEnd(async () => {
    closeConnections();
    await shopA.pool.end();
    await shopB.pool.end();
  });
  await measureFulfilment(run, databaseA, databaseB, shopA, shopB);
});

type Shop = ReturnType<typeof connect>;

async function measureFulfilment(
  run: BenchRun,
  databaseA: { url: string; dataDir: string },
  databaseB: { url: string; dataDir: string },
  shopA: Shop,
  shopB: Shop,
) {
  // B: the upstream panel. Its orders stay with its admins (no provider, no worker).
  const appB = await startApp(run, databaseB.url, {
    DATABASE_POOL_SIZE: POOL_SIZE,
    WORKER: "off",
    SIMULATED_PROVIDER: "off",
    PGAPPNAME: "B web",
  });
  const resellerOnB = await account(shopB.db, "shop-a", 1_000_000_000);
  const keyOnB = await apiKeyOf(shopB.db, resellerOnB);

  // A: B as its provider (a Boostly panel honours idempotency_key), Instagram Likes mapped to B's.
  const adminA = await account(shopA.db, "admin", 0, true);
  const appA = await startApp(run, databaseA.url, {
    DATABASE_POOL_SIZE: POOL_SIZE,
    WORKER: WORKER_MODE === "inline" ? "inline" : "off",
    SIMULATED_PROVIDER: "off",
    PGAPPNAME: WORKER_MODE === "inline" ? "A web+worker" : "A web",
  });
  const added = await addProvider(shopA.db, {
    adminId: adminA,
    provider: { name: "Shop B", apiUrl: `${appB.appUrl}/api/v2`, apiKey: keyOnB, supportsIdempotency: true },
  });
  if (!added.ok) throw new Error(added.message);
  const likesOnA = await likesService(shopA.db);
  const mapped = await mapProviderService(shopA.db, {
    adminId: adminA,
    providerId: added.providerId,
    providerServiceId: String((await likesService(shopB.db)).apiId),
    serviceId: likesOnA.id,
  });
  if (!mapped.ok) throw new Error(mapped.message);
  const worker =
    WORKER_MODE === "separate"
      ? await startWorker(run, databaseA.url, { SIMULATED_PROVIDER: "off", PGAPPNAME: "A worker" })
      : null;

  // One customer per load worker, each with a large balance and an API key.
  const apiKeys: string[] = [];
  for (let index = 0; index < CONCURRENCY; index++) {
    apiKeys.push(await apiKeyOf(shopA.db, await account(shopA.db, `bench-${index}`, 100_000_000)));
  }

  let measuring = false;
  const measuredKeys: string[] = [];
  const apiOrder = async (index: number) => {
    const key = randomUUID();
    const response = await postForm(
      `${appA.appUrl}/api/v2`,
      {},
      {
        key: apiKeys[index]!,
        action: "add",
        service: String(likesOnA.apiId),
        link: nextLink(),
        quantity: "150",
        idempotency_key: key,
      },
    );
    const ok = response.status === 200 && response.body.startsWith('{"order":');
    if (ok && measuring) measuredKeys.push(`api:${key}`);
    return ok;
  };

  const processes: Processes = {
    [WORKER_MODE === "inline" ? "A server+worker" : "A server"]: () => processCpuMs(appA.pid),
    ...(worker ? { "A worker": () => processCpuMs(worker.pid) } : {}),
    "A PostgreSQL": () => postgresCpuMs(databaseA.dataDir),
    "B server": () => processCpuMs(appB.pid),
    "B PostgreSQL": () => postgresCpuMs(databaseB.dataDir),
    "load generator": async () => {
      const own = process.cpuUsage();
      return (own.user + own.system) / 1000;
    },
  };

  console.log(
    `A's worker: ${WORKER_MODE === "inline" ? "inline in A's server" : "its own process"}, FULFILMENT_CONCURRENCY ${process.env.FULFILMENT_CONCURRENCY ?? `default (${DEFAULT_CONCURRENCY_PER_PROVIDER})`}`,
  );
  console.log(
    `POST A's /api/v2 add: ${WARM_UP_SECONDS} s warm-up, then ${SECONDS} s at concurrency ${CONCURRENCY} ...`,
  );
  await warmUp(CONCURRENCY, WARM_UP_SECONDS, apiOrder);
  // The measured load starts with nothing queued, so its figures are its own orders' (not the warm-up's).
  const warmUpBacklog = await backlogOf(shopA.db);
  const warmUpDrained = await waitUntil(DRAIN_SECONDS, async () => (await backlogOf(shopA.db)) === 0);
  if (!warmUpDrained) run.fail("the warm-up's orders were not all sent upstream before the load");
  const cpuAtStart = await sampleAll(processes);
  const backendsA = backendTracker(shopA.pool);
  await backendsA.sample();
  const loadStartedAt = await clockMs(shopA.db);
  measuring = true;
  const activity = ACTIVITY ? sampleActivity({ A: databaseA.url, B: databaseB.url }) : null;
  const load = await runLoad(CONCURRENCY, SECONDS, apiOrder);
  run.expectNoFailedCalls("POST A's /api/v2 add", load);
  measuring = false;
  const loadEndedAt = await clockMs(shopA.db);
  const cpuAtLoadEnd = await sampleAll(processes);
  await backendsA.sample();
  const backlogAtEnd = await backlogOf(shopA.db);
  const activitySeen = await activity?.stop();

  // The measured orders on A, then wait until each has its upstream id (or the deadline passes).
  const measuredOrders = await shopA.pool.query<{ id: string }>(
    "select id from orders where idempotency_key = any($1::text[])",
    [measuredKeys],
  );
  const orderIds = measuredOrders.rows.map((row) => row.id);
  if (orderIds.length !== measuredKeys.length)
    run.fail(`${measuredKeys.length} orders accepted, ${orderIds.length} found in A's database`);
  console.log(
    `warm-up: ${warmUpBacklog} orders were still queued when it ended${warmUpDrained ? " (all sent before the load)" : ""}; load done: ${orderIds.length} orders accepted, ${backlogAtEnd} queued; waiting up to ${DRAIN_SECONDS} s for their upstream ids ...`,
  );
  // Only measured orders are left to send (the warm-up's went before the load): wait until none is (cheap to ask,
  // through the index on state). One held or failed instead is not waited for: the checks below report it.
  const drained = async () => {
    await backendsA.sample();
    return (await backlogOf(shopA.db)) === 0;
  };
  if (!(await waitUntil(DRAIN_SECONDS, drained)))
    run.fail(`deadline: ${await backlogOf(shopA.db)} submissions still queued after ${DRAIN_SECONDS} s`);
  const drainedAt = await clockMs(shopA.db);
  const cpuAtDrainEnd = await sampleAll(processes);
  await backendsA.sample();

  // Every measured order's submission, timed by A's database.
  const rows = (
    await shopA.pool.query<{
      order_id: string;
      created_ms: number;
      submitted_ms: number | null;
      state: string | null;
      attempts: number;
      last_error: string | null;
      provider_order_id: string | null;
      idempotency_key: string;
    }>(
      `select o.id as order_id, extract(epoch from o.created_at) * 1000 as created_ms,
        extract(epoch from f.submitted_at) * 1000 as submitted_ms, f.state, f.attempts, f.last_error,
        f.provider_order_id, f.idempotency_key
      from orders o left join fulfilments f on f.order_id = o.id
      where o.id = any($1::uuid[])`,
      [orderIds],
    )
  ).rows.map((row) => ({
    ...row,
    created_ms: Number(row.created_ms),
    submitted_ms: row.submitted_ms === null ? null : Number(row.submitted_ms),
  }));
  const withoutSubmission = rows.filter((row) => !row.state).length;
  if (withoutSubmission > 0) run.fail(`${withoutSubmission} measured orders have no submission on A`);
  const perOrder = new Map<string, number>();
  for (const row of rows) perOrder.set(row.order_id, (perOrder.get(row.order_id) ?? 0) + 1);
  const splitOrders = [...perOrder.values()].filter((count) => count !== 1).length;
  if (splitOrders > 0) run.fail(`${splitOrders} measured orders have more than one submission on A`);
  const submitted = rows.filter((row) => row.submitted_ms !== null && row.provider_order_id !== null);
  const retried = rows.filter((row) => row.attempts > 1 || row.last_error).length;

  // Correctness on B: each measured order is exactly one of B's orders (found by its idempotency key), the one
  // whose id A recorded. B's clock (the same machine's) also splits the latency at the moment B took the order.
  const upstream = await shopB.pool.query<{
    idempotency_key: string;
    order_number: string;
    created_ms: number;
  }>(
    `select idempotency_key, order_number, extract(epoch from created_at) * 1000 as created_ms
      from orders where idempotency_key = any($1::text[])`,
    [rows.map((row) => `api:${row.idempotency_key}`)],
  );
  const onB = new Map<string, Array<{ orderNumber: string; createdMs: number }>>();
  for (const row of upstream.rows) {
    const found = onB.get(row.idempotency_key) ?? [];
    found.push({ orderNumber: row.order_number, createdMs: Number(row.created_ms) });
    onB.set(row.idempotency_key, found);
  }
  let notOnB = 0;
  let twiceOnB = 0;
  let wrongId = 0;
  const toB: number[] = [];
  const fromB: number[] = [];
  for (const row of submitted) {
    const found = onB.get(`api:${row.idempotency_key}`) ?? [];
    if (found.length === 0) notOnB++;
    if (found.length > 1) twiceOnB++;
    if (found.length !== 1) continue;
    if (found[0]!.orderNumber !== `ORD-${row.provider_order_id}`) wrongId++;
    toB.push(found[0]!.createdMs - row.created_ms);
    fromB.push(row.submitted_ms! - found[0]!.createdMs);
  }
  if (notOnB > 0) run.fail(`${notOnB} submitted orders have no order on B`);
  if (twiceOnB > 0) run.fail(`${twiceOnB} orders were made more than once on B`);
  if (wrongId > 0) run.fail(`${wrongId} orders recorded an upstream id that is not their order on B`);
  const held = await shopA.pool.query<{ n: number }>(
    "select count(*)::int as n from fulfilments where state = 'needs_attention'",
  );
  const heldCount = Number(held.rows[0]?.n);
  if (heldCount > 0) run.fail(`${heldCount} fulfilments on A ended needs_attention`);
  const ledgerA = await findLedgerMismatches(shopA.db);
  const ledgerB = await findLedgerMismatches(shopB.db);
  if (ledgerA.length > 0) run.fail(`A's ledger: ${ledgerA.length} balances differ from their ledger rows`);
  if (ledgerB.length > 0) run.fail(`B's ledger: ${ledgerB.length} balances differ from their ledger rows`);

  const latencies = submitted.map((row) => row.submitted_ms! - row.created_ms);
  // (A reduce, not Math.min(...rows): a long run has more orders than a call takes arguments.)
  const firstOrderAt = rows.reduce((min, row) => Math.min(min, row.created_ms), Number.POSITIVE_INFINITY);
  const lastSubmittedAt = submitted.reduce((max, row) => Math.max(max, row.submitted_ms!), 0);
  const submittedInWindow = submitted.filter((row) => row.submitted_ms! <= loadEndedAt).length;
  const loadMs = loadEndedAt - loadStartedAt;
  const intakePerSecond = load.perSecond;
  const submittedPerSecond = submitted.length / ((lastSubmittedAt - firstOrderAt) / 1000);
  const ratio = submittedPerSecond / intakePerSecond;
  const p99 = quantiles(latencies).p99;
  const ms = (values: number[]) => {
    const q = quantiles(values);
    return `p50 ${q.p50.toFixed(0)} ms, p99 ${q.p99.toFixed(0)} ms, max ${q.max.toFixed(0)} ms`;
  };
  console.log("");
  console.log(
    `intake      ${intakePerSecond.toFixed(0).padStart(5)} orders/s  ${load.count - load.failures} accepted in ${seconds(loadMs)}, ${load.failures} failed; HTTP p50 ${load.p50.toFixed(1)} ms, p99 ${load.p99.toFixed(1)} ms`,
  );
  console.log(
    `submitted   ${submittedPerSecond.toFixed(0).padStart(5)} orders/s  ${submitted.length} upstream ids from the first measured order to the last submission (${seconds(lastSubmittedAt - firstOrderAt)}); within the load ${(submittedInWindow / (loadMs / 1000)).toFixed(0)}/s (${submittedInWindow})`,
  );
  console.log(
    `backlog     ${backlogAtEnd} queued at the end of the load; the last order reached B ${seconds(lastSubmittedAt - loadEndedAt)} after it`,
  );
  console.log(`order -> upstream id  ${ms(latencies)}`);
  console.log(`  order on A -> order on B  ${ms(toB)}   (queued on A, claimed, sent, read by B)`);
  console.log(`  order on B -> recorded    ${ms(fromB)}   (B's statement and answer, A's record of the id)`);
  console.log(`retried submissions ${retried}; needs_attention ${heldCount}`);
  console.log(`CPU during the load, cores busy: ${cpuLine(cpuAtStart, cpuAtLoadEnd, { divideBy: loadMs })}`);
  console.log(
    `CPU per order, load start to last upstream id (${seconds(drainedAt - loadStartedAt)}): ${cpuLine(cpuAtStart, cpuAtDrainEnd, { perOrder: orderIds.length })}`,
  );
  console.log(
    `  A PostgreSQL per order by client: ${backendsA.perOrder(cpuAtDrainEnd["A PostgreSQL"]! - cpuAtStart["A PostgreSQL"]!, orderIds.length)}`,
  );
  if (activitySeen) {
    for (const [shop, lines] of Object.entries(activitySeen)) {
      console.log(`${shop}'s pg_stat_activity during the load (share of samples, non-idle backends):`);
      for (const line of lines) console.log(`  ${line}`);
    }
  }
  const ratioVerdict = run.goal("RATIO", "submitted/s / intake/s", ratio, { atLeast: 0.5 }, (n) =>
    n.toFixed(2),
  );
  const p99Verdict = run.goal(
    "P99_MS",
    "order -> upstream id p99",
    p99,
    { below: 2_000 },
    (n) => `${n.toFixed(0)} ms`,
  );
  console.log(
    `ratio submitted/s / intake/s: ${ratio.toFixed(3)} ${ratioVerdict}; within the load ${(submittedInWindow / (loadMs / 1000) / intakePerSecond).toFixed(2)}; p99 ${p99.toFixed(0)} ms ${p99Verdict}`,
  );
  console.log(
    run.failures.length === 0
      ? `correctness: each of the ${submitted.length} orders is exactly one order on B, none held, both ledgers balance`
      : "correctness: FAILED (below)",
  );
}
