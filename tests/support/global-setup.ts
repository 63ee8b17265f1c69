import type { TestProject } from "vitest/node";
import { ensureDatabaseExists } from "../../server/embedded-postgres.ts";
import { type AppProcess, buildApp, startAppProcess } from "./app-process.ts";
import { chromiumExecutable } from "./chromium.ts";
import { SLOW_WAIT_TIMEOUT_MS, SUITE_BUILD_DIR, TEMPLATE_DATABASE, TEST_AUTH_SECRET } from "./constants.ts";
import { fakePaypalEnv, startFakePaypal } from "./fake-paypal.ts";
import { freePort } from "./free-port.ts";
import { dropDatabase } from "./migration-folders.ts";
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

type AppServer = AppProcess & { appUrl: string };

/** An app server from the suite's build on `databaseUrl`, once it answers its health path (SLOW_WAIT_TIMEOUT_MS). */
export async function startAppServer(
  port: number,
  databaseUrl: string,
  buildDir: string,
  extraEnv: Record<string, string> = {},
): Promise<AppServer> {
  const appUrl = `http://localhost:${port}`;
  const server = await startAppProcess(appUrl, {
    label: "the app server",
    timeoutMs: SLOW_WAIT_TIMEOUT_MS,
    echoPrefix: process.env.TEST_SERVER_LOGS ? `[app ${port}]` : undefined,
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
  });
  return { ...server, appUrl };
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
  await Promise.all(servers.map((server) => server.stop()));
}

/**
 * Builds the app into build-test/ (unless TEST_SKIP_BUILD) and starts two servers on one database, with PayPal
 * deposits through the fake PayPal beside the sandbox.
 */
async function startAppServers(
  databaseUrl: string,
  extraEnv: Record<string, string>,
): Promise<[AppServer, AppServer]> {
  const buildDir = SUITE_BUILD_DIR;
  if (!process.env.TEST_SKIP_BUILD) buildApp(buildDir);
  // Both trust one proxy, as production behind its TLS proxy does (docs/deployment.md): a request without
  // X-Forwarded-For is the socket's address as before, and a browser test can give a customer an address of their
  // own (openPage's clientAddress), as two people on two connections have (docs/decisions/056, the same-address rule).
  const behindProxy = { TRUST_PROXY: "true" };
  const ports = [await freePort(), await freePort()];
  const started = await Promise.allSettled(
    ports.map((port) => startAppServer(port, databaseUrl, buildDir, { ...extraEnv, ...behindProxy })),
  );
  const servers = started.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
  const failed = started.find((result) => result.status === "rejected");
  if (failed) {
    // Both or none: one that started while the other failed is stopped again.
    await stopAppServers(servers);
    throw failed.reason;
  }
  return servers as [AppServer, AppServer];
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
}): Promise<{
  appUrl: string;
  databaseUrl: string;
  pid: number;
  /** What the server printed so far (the last few KB of stdout and stderr). */
  output(): string;
  stop(): Promise<void>;
}> {
  const serverUrl = new URL(options.pgServerUrl);
  await dropDatabase(options.pgServerUrl, options.databaseName);
  await ensureDatabaseExists(options.pgServerUrl, options.databaseName, TEMPLATE_DATABASE);
  serverUrl.pathname = `/${options.databaseName}`;
  const databaseUrl = serverUrl.toString();
  const buildDir = SUITE_BUILD_DIR;
  const server = await startAppServer(await freePort(), databaseUrl, buildDir, options.extraEnv);
  return {
    appUrl: server.appUrl,
    databaseUrl,
    // The server's own process (WEB_CONCURRENCY is 1): tests may watch its memory in /proc/<pid>/status.
    pid: server.pid,
    output: server.output,
    stop: server.stop,
  };
}
