import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { connect } from "../../app/db/client.server.ts";
import { migrateDatabase } from "../../app/db/migrate.server.ts";
import { seedDatabase } from "../../app/db/seed/index.ts";
import { ensureDatabaseExists, startEmbeddedPostgres } from "../../server/embedded-postgres.ts";
import { WORKERS_READY_MESSAGE } from "../../server/worker-ready.ts";

const root = path.resolve(import.meta.dirname, "../..");
export const BENCH_AUTH_SECRET = "benchmark-only-secret-0123456789abcdefghijklmnop";

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

/** A fresh, migrated and seeded database on a throwaway embedded PostgreSQL server. */
export async function freshDatabase() {
  const dir = await mkdtemp(path.join(tmpdir(), "boostly-bench-pg-"));
  const postgres = await startEmbeddedPostgres({
    dir,
    port: await freePort(),
    persistent: false,
    quiet: true,
  });
  await ensureDatabaseExists(postgres.serverUrl, "boostly_bench");
  const url = postgres.urlFor("boostly_bench");
  await migrateDatabase(url);
  const seeding = connect(url, 1);
  await seedDatabase(seeding.db);
  await seeding.pool.end();
  return {
    url,
    dataDir: dir,
    async stop() {
      await postgres.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

let built = false;

/** Starts the servers of this run from the build already in build-bench instead of building the app again. */
export function reuseExistingBuild() {
  built = true;
}

/** Builds the app once per run (BUILD_DIR=build-bench), however many servers the bench then starts from it. */
export function buildApp() {
  if (built) return;
  execFileSync(process.execPath, [path.join(root, "node_modules/@react-router/dev/bin.cjs"), "build"], {
    cwd: root,
    env: { ...process.env, BUILD_DIR: "build-bench", NODE_ENV: "production" },
    stdio: "pipe",
  });
  built = true;
}

/** The environment of a server or worker the bench starts on `databaseUrl`, before the bench's own settings. */
function appEnv(databaseUrl: string, extraEnv: Record<string, string>): NodeJS.ProcessEnv {
  return {
    ...process.env,
    APP_ENV: "test",
    NODE_ENV: "production",
    DATABASE_URL: databaseUrl,
    BUILD_DIR: "build-bench",
    AUTH_SECRET: BENCH_AUTH_SECRET,
    RATE_LIMIT_MULTIPLIER: "100000",
    // Measure the web server alone: no fulfilment worker in its process.
    WORKER: "off",
    ...extraEnv,
  };
}

/** Starts a script of server/ with node and BENCH_NODE_ARGS. */
function spawnNode(script: string, env: NodeJS.ProcessEnv, stdout: "ignore" | "pipe"): ChildProcess {
  // BENCH_NODE_ARGS, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof", to profile the server under load.
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? "").split(" ").filter(Boolean);
  return spawn(process.execPath, [...nodeArgs, path.join(root, script)], {
    cwd: root,
    env,
    stdio: ["ignore", stdout, "inherit"],
  });
}

function stopper(child: ChildProcess) {
  return async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    await exited;
  };
}

/** Builds the app (once) and starts one production server on the database. */
export async function startApp(databaseUrl: string, extraEnv: Record<string, string> = {}) {
  buildApp();
  const port = await freePort();
  const appUrl = `http://localhost:${port}`;
  const child = spawnNode(
    "server/start.ts",
    { ...appEnv(databaseUrl, extraEnv), PORT: String(port), HOST: "127.0.0.1", APP_URL: appUrl },
    "ignore",
  );
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${appUrl}/healthz`)).ok) break;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return { appUrl, pid: child.pid ?? 0, stop: stopper(child) };
}

/** Starts the fulfilment worker as its own process (server/worker.ts, `npm run worker`) on the database. */
export async function startWorker(databaseUrl: string, extraEnv: Record<string, string> = {}) {
  const child = spawnNode("server/worker.ts", appEnv(databaseUrl, extraEnv), "pipe");
  const stop = stopper(child);
  // It says so on stdout once it listens for new submissions.
  const ready = new Promise<void>((resolve, reject) => {
    let output = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString("utf8");
      if (output.includes(WORKERS_READY_MESSAGE)) resolve();
    });
    child.once("exit", (code) => reject(new Error(`the fulfilment worker exited (${code}) before it ran`)));
  });
  const timeout = setTimeout(() => void stop(), 60_000);
  try {
    await ready;
  } finally {
    clearTimeout(timeout);
  }
  return { pid: child.pid ?? 0, stop };
}

/** Runs `task` from `concurrency` loops for `seconds`; returns per-call latencies (ms) and failures. */
export async function runLoad(
  concurrency: number,
  seconds: number,
  task: (worker: number) => Promise<boolean>,
) {
  const latencies: number[] = [];
  let failures = 0;
  const start = performance.now();
  const end = start + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async (_, worker) => {
      while (performance.now() < end) {
        const started = performance.now();
        const ok = await task(worker).catch(() => false);
        latencies.push(performance.now() - started);
        if (!ok) failures += 1;
      }
    }),
  );
  // Calls still in flight at the end finish after it: divide by the time the run really took.
  const elapsedSeconds = (performance.now() - start) / 1000;
  latencies.sort((a, b) => a - b);
  const pick = (q: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return {
    count: latencies.length,
    failures,
    // Only calls that did what they should count as throughput: a fast refusal is not an order.
    perSecond: (latencies.length - failures) / elapsedSeconds,
    p50: pick(0.5),
    p99: pick(0.99),
  };
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
