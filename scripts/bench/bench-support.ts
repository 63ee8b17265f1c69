import { existsSync } from "node:fs";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { connect } from "../../app/db/client.server.ts";
import { migrateDatabase } from "../../app/db/migrate.server.ts";
import { seedDatabase } from "../../app/db/seed/index.ts";
import { ensureDatabaseExists, startEmbeddedPostgres } from "../../server/embedded-postgres.ts";
import { buildApp, startAppProcess, startWorkerProcess } from "../../tests/support/app-process.ts";
import { freePort } from "../../tests/support/free-port.ts";

/**
 * What every bench and audit shares (docs/testing.md, "Benchmarks"): a run that always ends with a verdict and an
 * exit code (runBench), goals an environment variable can tighten, a fresh database, the app's servers and worker
 * started from one build and waited for on their own readiness signals, and the load loops.
 */

export const BENCH_AUTH_SECRET = "benchmark-only-secret-0123456789abcdefghijklmnop";
/** How long a server or worker may take to become ready: generous, for a busy two-core machine. */
const START_TIMEOUT_MS = Number(process.env.BENCH_START_TIMEOUT_SECONDS ?? 90) * 1000;
/** BENCH_GOALS=warn: a missed goal is reported but the run still exits 0 (exploratory runs, the suite's smoke lane). */
const GOALS_ONLY_WARN = process.env.BENCH_GOALS === "warn";

/** One bench run: what to stop at the end, and what went wrong or missed its goal on the way. */
export class BenchRun {
  private readonly stops: Array<() => Promise<void>> = [];
  readonly missed: string[] = [];
  readonly failures: string[] = [];

  /** Runs `stop` when the bench ends, whatever happened (the last registered first). */
  onEnd(stop: () => Promise<void>): void {
    this.stops.unshift(stop);
  }

  /** Something went wrong (a request failed, a check of the results failed): the bench exits 1 whatever BENCH_GOALS says. */
  fail(reason: string): void {
    this.failures.push(reason);
  }

  /** A load whose calls failed is not a measurement: each failed call fails the run. */
  expectNoFailedCalls(label: string, result: { count: number; failures: number }): void {
    if (result.failures > 0) this.fail(`${label}: ${result.failures} of ${result.count} requests failed`);
  }

  /**
   * Checks a figure against its goal: at least, at most or below a threshold. The threshold is the bench's own
   * unless BENCH_GOAL_<key> sets another (an impossible goal shows that a missed one fails the run). Returns the text
   * to print after the figure, e.g. "(goal >= 0.50: met)".
   */
  goal(
    key: string,
    label: string,
    figure: number,
    rule: { atLeast: number } | { atMost: number } | { below: number },
    format: (value: number) => string = (value) => String(value),
  ): string {
    const [sign, ownThreshold] =
      "atLeast" in rule ? [">=", rule.atLeast] : "atMost" in rule ? ["<=", rule.atMost] : ["<", rule.below];
    const override = process.env[`BENCH_GOAL_${key}`];
    const threshold = override ? Number(override) : ownThreshold;
    if (!Number.isFinite(threshold)) throw new Error(`BENCH_GOAL_${key} is not a number: ${override}`);
    const met =
      sign === ">=" ? figure >= threshold : sign === "<=" ? figure <= threshold : figure < threshold;
    const goal = `goal ${sign} ${format(threshold)}`;
    if (!met) this.missed.push(`${label} ${format(figure)} (${goal})`);
    return `(${goal}: ${met ? "met" : "MISSED"})`;
  }

  async end(name: string, crash: unknown): Promise<number> {
    for (const stop of this.stops) {
      await stop().catch((error: Error) => this.fail(`shutting down: ${error.message}`));
    }
    console.log("");
    if (crash) console.error(`${name}: FAILED: ${crash instanceof Error ? crash.message : String(crash)}`);
    for (const failure of this.failures) console.error(`${name}: FAILED: ${failure}`);
    for (const missed of this.missed)
      console.error(
        `${name}: goal missed${GOALS_ONLY_WARN ? " (a warning: BENCH_GOALS=warn)" : ""}: ${missed}`,
      );
    const failed = crash !== null || this.failures.length > 0 || (this.missed.length > 0 && !GOALS_ONLY_WARN);
    if (!failed) console.log(`${name}: done${this.missed.length === 0 ? ", every goal met" : ""}`);
    return failed ? 1 : 0;
  }
}

/**
 * Runs a bench to its end and exits: 1, with the reason, when it threw, a request or check failed or a goal was
 * missed (unless BENCH_GOALS=warn); 0 otherwise. Everything it registered with onEnd is stopped first.
 */
export async function runBench(name: string, body: (run: BenchRun) => Promise<void>): Promise<never> {
  const run = new BenchRun();
  let crash: unknown = null;
  try {
    await body(run);
  } catch (error) {
    crash = error ?? new Error("unknown error");
  }
  const code = await run.end(name, crash);
  // embedded-postgres's exit hook ends the process with code 0 whatever process.exitCode says: exit explicitly.
  process.exit(code);
}

/** A fresh, migrated and seeded database on a throwaway embedded PostgreSQL server, stopped when the run ends. */
export async function freshDatabase(run: BenchRun) {
  const dir = await mkdtemp(path.join(tmpdir(), "boostly-bench-pg-"));
  run.onEnd(() => rm(dir, { recursive: true, force: true }));
  const postgres = await startEmbeddedPostgres({
    dir,
    port: await freePort(),
    persistent: false,
    quiet: true,
  });
  run.onEnd(() => postgres.stop());
  await ensureDatabaseExists(postgres.serverUrl, "boostly_bench");
  const url = postgres.urlFor("boostly_bench");
  await migrateDatabase(url);
  const seeding = connect(url, 1);
  try {
    await seedDatabase(seeding.db);
  } finally {
    await seeding.pool.end();
  }
  return { url, dataDir: dir };
}

let buildDir: string | null = null;

/**
 * The build the bench's servers run: BENCH_BUILD_DIR when given (an existing build, e.g. the suite's build-test/,
 * used as it is), else the app built once per run into build-bench/, however many servers the bench starts.
 */
function appBuild(): string {
  if (buildDir) return buildDir;
  const given = process.env.BENCH_BUILD_DIR;
  if (given) {
    if (!existsSync(path.join(given, "server/index.js")))
      throw new Error(`BENCH_BUILD_DIR=${given} holds no build of the app (no server/index.js)`);
    buildDir = given;
  } else {
    console.log("Building the app into build-bench/ ...");
    buildApp("build-bench");
    buildDir = "build-bench";
  }
  return buildDir;
}

/** The environment of a server or worker the bench starts on `databaseUrl`, before the bench's own settings. */
function appEnv(databaseUrl: string, extraEnv: Record<string, string>): NodeJS.ProcessEnv {
  return {
    ...process.env,
    APP_ENV: "test",
    NODE_ENV: "production",
    DATABASE_URL: databaseUrl,
    BUILD_DIR: appBuild(),
    AUTH_SECRET: BENCH_AUTH_SECRET,
    RATE_LIMIT_MULTIPLIER: "100000",
    // Measure the web server alone: no fulfilment worker in its process.
    WORKER: "off",
    ...extraEnv,
  };
}

/** BENCH_NODE_ARGS, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof", to profile the servers under load. */
const nodeArgs = (process.env.BENCH_NODE_ARGS ?? "").split(" ").filter(Boolean);

/** Starts one production server on the database; resolves once it answers its health path, stopped at the end. */
export async function startApp(run: BenchRun, databaseUrl: string, extraEnv: Record<string, string> = {}) {
  const port = await freePort();
  const appUrl = `http://localhost:${port}`;
  const env = { ...appEnv(databaseUrl, extraEnv), PORT: String(port), HOST: "127.0.0.1", APP_URL: appUrl };
  const server = await startAppProcess(appUrl, {
    label: `the app server${extraEnv.PGAPPNAME ? ` (${extraEnv.PGAPPNAME})` : ""}`,
    env,
    timeoutMs: START_TIMEOUT_MS,
    nodeArgs,
  });
  run.onEnd(server.stop);
  return { appUrl, pid: server.pid };
}

/**
 * Starts the worker process (server/worker.ts, `npm run worker`) on the database; resolves once it says it listens
 * for work, stopped at the end.
 */
export async function startWorker(run: BenchRun, databaseUrl: string, extraEnv: Record<string, string> = {}) {
  const worker = await startWorkerProcess({
    label: "the fulfilment worker",
    env: appEnv(databaseUrl, extraEnv),
    timeoutMs: START_TIMEOUT_MS,
    nodeArgs,
  });
  run.onEnd(worker.stop);
  return { pid: worker.pid };
}

/** p50, p99 and the largest of some latencies (ms); NaN when there are none. */
export function quantiles(values: number[]) {
  const sorted = [...values].sort((x, y) => x - y);
  const pick = (q: number) =>
    sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
  return { p50: pick(0.5), p99: pick(0.99), max: sorted.at(-1) ?? Number.NaN };
}

export type LoadResult = { count: number; failures: number; perSecond: number; p50: number; p99: number };

/**
 * The one load loop: `concurrency` loops call `task` until `until` says stop; returns the latencies' quantiles,
 * the failed calls (a task that answers false or throws) and the successful calls per second.
 */
async function measureCalls(
  concurrency: number,
  until: (calls: number, now: number) => boolean,
  task: (worker: number) => Promise<boolean>,
): Promise<LoadResult> {
  const latencies: number[] = [];
  let failures = 0;
  let calls = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async (_, worker) => {
      while (!until(calls, performance.now())) {
        calls += 1;
        const started = performance.now();
        const ok = await task(worker).catch(() => false);
        latencies.push(performance.now() - started);
        if (!ok) failures += 1;
      }
    }),
  );
  // Calls still in flight at the end finish after it: divide by the time the run really took.
  const elapsedSeconds = (performance.now() - start) / 1000;
  const { p50, p99 } = quantiles(latencies);
  return {
    count: latencies.length,
    failures,
    // Only calls that did what they should count as throughput: a fast refusal is not an order.
    perSecond: (latencies.length - failures) / elapsedSeconds,
    p50: p50 || 0,
    p99: p99 || 0,
  };
}

/** Runs `task` from `concurrency` loops for `seconds`. */
export async function runLoad(
  concurrency: number,
  seconds: number,
  task: (worker: number) => Promise<boolean>,
): Promise<LoadResult> {
  const end = performance.now() + seconds * 1000;
  return measureCalls(concurrency, (_calls, now) => now >= end, task);
}

/** Calls `task` `calls` times one after another (after `warmUps` untimed calls): latencies without queueing. */
export async function timeSequentially(
  calls: number,
  task: () => Promise<boolean>,
  warmUps = 3,
): Promise<LoadResult> {
  for (let index = 0; index < warmUps; index++) await task().catch(() => false);
  return measureCalls(1, (done) => done >= calls, task);
}

/**
 * Runs the load for `seconds` and discards the results, so the measured run that follows sees a server in its
 * steady state (JIT-compiled code, open connections, statements prepared on them, caches filled), as a server
 * that has been up for more than a few seconds is.
 */
export async function warmUp(
  concurrency: number,
  seconds: number,
  task: (worker: number) => Promise<boolean>,
) {
  await runLoad(concurrency, seconds, task);
}

const CLOCK_TICKS_PER_SECOND = 100;

/** CPU time (ms, user + system) a process has used so far, from /proc; 0 when it is gone. */
export async function processCpuMs(pid: number): Promise<number> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // utime, stime, cutime, cstime: fields 14-17 of stat, 12-15 after the command name.
    const ticks = [11, 12, 13, 14].reduce((sum, index) => sum + Number(fields[index] ?? 0), 0);
    return (ticks * 1000) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/** The pids of a PostgreSQL server's processes (the postmaster of `dataDir` and its children). */
async function postgresPids(dataDir: string): Promise<number[]> {
  const postmaster = Number((await readFile(path.join(dataDir, "postmaster.pid"), "utf8")).split("\n")[0]);
  const pids = [postmaster];
  for (const entry of await readdir("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, "utf8").catch(() => "");
    const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
    if (parent === postmaster) pids.push(Number(entry));
  }
  return pids;
}

/** CPU time (ms) a PostgreSQL server has used so far: its postmaster (with the backends that ended) and children. */
export async function postgresCpuMs(dataDir: string): Promise<number> {
  const pids = await postgresPids(dataDir);
  return (await Promise.all(pids.map(processCpuMs))).reduce((sum, ms) => sum + ms, 0);
}

export type CpuSample = { server: number; postgres: number; loadGenerator: number };

/**
 * CPU used by the app server, PostgreSQL and this process (the load generator), so a run can be read as CPU per
 * order: a figure that, unlike orders/s, does not depend on what else the machine is doing.
 */
export async function sampleCpu(serverPid: number | null, dataDir: string): Promise<CpuSample> {
  const postgres = await postgresCpuMs(dataDir);
  const own = process.cpuUsage();
  return {
    server: serverPid ? await processCpuMs(serverPid) : 0,
    postgres,
    loadGenerator: (own.user + own.system) / 1000,
  };
}

export function cpuPerOrder(before: CpuSample, after: CpuSample, orders: number): string {
  const per = (key: keyof CpuSample) => ((after[key] - before[key]) / Math.max(1, orders)).toFixed(2);
  return `CPU per order: server ${per("server")} ms, PostgreSQL ${per("postgres")} ms, load generator ${per("loadGenerator")} ms`;
}
