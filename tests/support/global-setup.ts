import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { ensureDatabaseExists } from "../../server/embedded-postgres.ts";
import { chromiumExecutable } from "./chromium.ts";
import { SLOW_WAIT_TIMEOUT_MS, TEMPLATE_DATABASE, TEST_AUTH_SECRET } from "./constants.ts";
import { fakePaypalEnv, startFakePaypal } from "./fake-paypal.ts";
import { freePort } from "./free-port.ts";
import { acquireTestPostgres, oncePerRun, registerBeforeStop } from "./test-postgres.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** Connection string of the test PostgreSQL server's maintenance database. */
    pgServerUrl: string;
    /** The database both app servers use (HTTP and browser tests). */
    httpDatabaseUrl: string;
    /** Two app servers on the same database (for tests that need "nothing per-process"). */
    appUrls: [string, string];
    chromiumPath: string;
    /** The fake PayPal both app servers take PayPal deposits through (tests/support/fake-paypal.ts). */
    paypalUrl: string;
  }
}

const root = path.resolve(import.meta.dirname, "../..");

/** Polls /healthz until the server answers: it starts within the wait, so SLOW_WAIT_TIMEOUT_MS. */
async function waitUntilHealthy(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + SLOW_WAIT_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`App server exited early:\n${output()}`);
    try {
      const response = await fetch(`${url}/healthz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(
    `App server at ${url} did not answer /healthz within ${SLOW_WAIT_TIMEOUT_MS} ms:\n${output()}`,
  );
}

type AppServer = ReturnType<typeof startAppServer>;

function startAppServer(
  port: number,
  databaseUrl: string,
  buildDir: string,
  extraEnv: Record<string, string> = {},
) {
  const appUrl = `http://localhost:${port}`;
  let log = "";
  const child = spawn(process.execPath, [path.join(root, "server/start.ts")], {
    cwd: root,
    env: {
      ...process.env,
      APP_ENV: "test",
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      APP_URL: appUrl,
      DATABASE_URL: databaseUrl,
      BUILD_DIR: buildDir,
      AUTH_SECRET: TEST_AUTH_SECRET,
      ADMIN_EMAILS: "admin@example.com",
      RATE_LIMIT_MULTIPLIER: "1000",
      // No fulfilment worker: orders keep the statuses tests give them (a test that wants one starts it).
      WORKER: "off",
      SIMULATED_PROVIDER: "off",
      // No scheduled provider sync: a test that wants one runs it (tests/integration/provider-sync.test.ts).
      PROVIDER_SYNC_MINUTES: "0",
      ...extraEnv,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const collect = (chunk: Buffer) => {
    log += chunk.toString();
    if (process.env.TEST_SERVER_LOGS) process.stdout.write(`[app ${port}] ${chunk}`);
  };
  child.stdout?.on("data", collect);
  child.stderr?.on("data", collect);
  return { appUrl, child, output: () => log };
}

/**
 * The HTTP and browser projects' global setup: the run's PostgreSQL and template database (shared with the
 * database project, tests/support/test-postgres.ts), the app built into build-test/ and two app servers on one
 * database, started once for both projects.
 */
export default async function setup(project: TestProject) {
  const started = Date.now();
  const { postgres, release } = await acquireTestPostgres();
  // One fake PayPal per run, before the servers that are configured with its address.
  const paypal = await oncePerRun("fake paypal", async () => {
    const fake = await startFakePaypal();
    registerBeforeStop(() => fake.stop());
    return fake;
  });
  const servers = await oncePerRun("app servers", async () => {
    const running = await startAppServers(postgres.httpDatabaseUrl, fakePaypalEnv(paypal.url));
    registerBeforeStop(() => stopAppServers(running));
    return running;
  });
  project.provide("pgServerUrl", postgres.serverUrl);
  project.provide("httpDatabaseUrl", postgres.httpDatabaseUrl);
  project.provide("appUrls", [servers[0].appUrl, servers[1].appUrl]);
  project.provide("chromiumPath", await oncePerRun("chromium", chromiumExecutable));
  project.provide("paypalUrl", paypal.url);
  console.log(`Test environment of ${project.name} ready in ${Date.now() - started} ms`);
  return release;
}

async function stopAppServers(servers: AppServer[]): Promise<void> {
  for (const server of servers) server.child.kill("SIGTERM");
  await Promise.all(
    servers.map(
      (server) =>
        new Promise((resolve) =>
          server.child.exitCode !== null ? resolve(null) : server.child.once("exit", resolve),
        ),
    ),
  );
}

/**
 * Builds the app into build-test/ (unless TEST_SKIP_BUILD) and starts two servers on one database, with PayPal
 * deposits through the fake PayPal beside the sandbox.
 */
async function startAppServers(
  databaseUrl: string,
  extraEnv: Record<string, string>,
): Promise<[AppServer, AppServer]> {
  // TEST_BUILD_DIR lets several checkouts or engineers build side by side without overwriting each other.
  const buildDir = process.env.TEST_BUILD_DIR ?? "build-test";
  if (!process.env.TEST_SKIP_BUILD) {
    try {
      execFileSync(process.execPath, [path.join(root, "node_modules/@react-router/dev/bin.cjs"), "build"], {
        cwd: root,
        env: { ...process.env, BUILD_DIR: buildDir, NODE_ENV: "production" },
        stdio: "pipe",
      });
    } catch (error) {
      const stderr = String((error as { stderr?: Buffer }).stderr ?? "");
      throw new Error(`The app build failed:\n${stderr.slice(0, 4000)}`);
    }
  }
  // Both trust one proxy, as production behind its TLS proxy does (docs/deployment.md): a request without
  // X-Forwarded-For is the socket's address as before, and a browser test can give a customer an address of their
  // own (openPage's clientAddress), as two people on two connections have (docs/decisions/056, the same-address rule).
  const behindProxy = { TRUST_PROXY: "true" };
  const servers: [AppServer, AppServer] = [
    startAppServer(await freePort(), databaseUrl, buildDir, { ...extraEnv, ...behindProxy }),
    startAppServer(await freePort(), databaseUrl, buildDir, { ...extraEnv, ...behindProxy }),
  ];
  await Promise.all(servers.map((server) => waitUntilHealthy(server.appUrl, server.child, server.output)));
  return servers;
}

/**
 * Starts one more app server (from the suite's build) on a database of its own, copied from the template, for
 * tests that need two shops apart (e.g. one reselling the other's API). Call from a test file with the
 * injected `pgServerUrl`; `extraEnv` may turn its fulfilment worker on. Stop it when done.
 */
export async function startAppServerOnOwnDatabase(options: {
  pgServerUrl: string;
  databaseName: string;
  extraEnv?: Record<string, string>;
}): Promise<{ appUrl: string; databaseUrl: string; pid: number; stop(): Promise<void> }> {
  const serverUrl = new URL(options.pgServerUrl);
  const client = new pg.Client({ connectionString: options.pgServerUrl });
  await client.connect();
  try {
    await client.query(`drop database if exists "${options.databaseName}" with (force)`);
  } finally {
    await client.end();
  }
  await ensureDatabaseExists(options.pgServerUrl, options.databaseName, TEMPLATE_DATABASE);
  serverUrl.pathname = `/${options.databaseName}`;
  const databaseUrl = serverUrl.toString();
  const buildDir = process.env.TEST_BUILD_DIR ?? "build-test";
  const server = startAppServer(await freePort(), databaseUrl, buildDir, options.extraEnv);
  await waitUntilHealthy(server.appUrl, server.child, server.output);
  return {
    appUrl: server.appUrl,
    databaseUrl,
    // The server's own process (WEB_CONCURRENCY is 1): tests may watch its memory in /proc/<pid>/status.
    pid: server.child.pid ?? 0,
    stop: async () => {
      if (server.child.exitCode !== null) return;
      const exited = new Promise((resolve) => server.child.once("exit", resolve));
      server.child.kill("SIGTERM");
      await exited;
    },
  };
}
