import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { connect } from "../../app/db/client.server.ts";
import { migrateDatabase } from "../../app/db/migrate.server.ts";
import { settings } from "../../app/db/schema.ts";
import { seedDatabase } from "../../app/db/seed/index.ts";
import {
  ensureDatabaseExists,
  type RunningPostgres,
  startEmbeddedPostgres,
} from "../../server/embedded-postgres.ts";
import { chromiumExecutable } from "./chromium.ts";
import { SLOW_WAIT_TIMEOUT_MS, TEMPLATE_DATABASE, TEST_AUTH_SECRET } from "./constants.ts";
import { freePort } from "./free-port.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** Connection string of the test PostgreSQL server's maintenance database. */
    pgServerUrl: string;
    /** The database both app servers use (HTTP and browser tests). */
    httpDatabaseUrl: string;
    /** Two app servers on the same database (for tests that need "nothing per-process"). */
    appUrls: [string, string];
    chromiumPath: string;
  }
}

const root = path.resolve(import.meta.dirname, "../..");

// embedded-postgres registers async-exit-hook, whose "beforeExit" handler ends the process with process.exit(0)
// once its servers are stopped: that would turn Vitest's failing exit code (set in process.exitCode) into 0 and
// let a failing run pass CI. Keep the code Vitest chose.
let vitestExitCode = 0;
process.on("beforeExit", () => {
  vitestExitCode ||= Number(process.exitCode ?? 0);
});
process.on("exit", () => {
  if (vitestExitCode) process.exitCode = vitestExitCode;
});

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

/** TEST_DATABASE_URL (a server where the suite may create databases), else a throwaway embedded server. */
async function testPostgres(dataDir: string): Promise<RunningPostgres> {
  const external = process.env.TEST_DATABASE_URL;
  if (!external)
    return startEmbeddedPostgres({ dir: dataDir, port: await freePort(), persistent: false, quiet: true });
  const serverUrl = new URL(external);
  const urlFor = (database: string) => {
    const url = new URL(serverUrl);
    url.pathname = `/${database}`;
    return url.toString();
  };
  return { serverUrl: urlFor("postgres"), urlFor, stop: async () => {} };
}

/** Removes the databases a previous run left behind (the suite's own names only). */
async function dropTestDatabases(serverUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>(
      "select datname from pg_database where datname = $1 or datname = 'boostly_http' or datname like 'boostly_worker_%'",
      [TEMPLATE_DATABASE],
    );
    for (const row of rows) await client.query(`drop database "${row.datname}" with (force)`);
  } finally {
    await client.end();
  }
}

/** Starts PostgreSQL, prepares the template database, builds the app and starts two servers on one database. */
export default async function setup(project: TestProject) {
  const started = Date.now();
  const dataDir = await mkdtemp(path.join(tmpdir(), "boostly-test-pg-"));
  const postgres = await testPostgres(dataDir);
  await dropTestDatabases(postgres.serverUrl);

  await ensureDatabaseExists(postgres.serverUrl, TEMPLATE_DATABASE);
  const templateUrl = postgres.urlFor(TEMPLATE_DATABASE);
  await migrateDatabase(templateUrl);
  const seeding = connect(templateUrl, 1);
  await seedDatabase(seeding.db);
  // New accounts start at $0.00 in tests (many assert it): no new-user bonus in the template. The bonus has its
  // own domain tests (tests/integration/admin-content.test.ts), which set the amount they need.
  await seeding.db
    .insert(settings)
    .values({ key: "newUserBonusCents", value: 0 })
    .onConflictDoUpdate({ target: settings.key, set: { value: 0 } });
  // Pristine copies of the seeded tables that tests edit; resetDatabase() restores them from here.
  await seeding.pool.query(`create schema test_seed;
    create table test_seed.services as table public.services;
    create table test_seed.likes_packs as table public.likes_packs;
    create table test_seed.blog_posts as table public.blog_posts;
    create table test_seed.banner_settings as table public.banner_settings;`);
  await seeding.pool.end();
  await ensureDatabaseExists(postgres.serverUrl, "boostly_http", TEMPLATE_DATABASE);
  const httpDatabaseUrl = postgres.urlFor("boostly_http");

  // Domain-only runs (TEST_SKIP_SERVERS=1) need neither the build nor the app servers.
  const servers = process.env.TEST_SKIP_SERVERS ? [] : await startAppServers(httpDatabaseUrl);
  project.provide("pgServerUrl", postgres.serverUrl);
  project.provide("httpDatabaseUrl", httpDatabaseUrl);
  project.provide("appUrls", [servers[0]?.appUrl ?? "", servers[1]?.appUrl ?? ""]);
  project.provide("chromiumPath", await chromiumExecutable());
  console.log(`Test environment ready in ${Date.now() - started} ms`);

  return async () => {
    for (const server of servers) server.child.kill("SIGTERM");
    await Promise.all(
      servers.map(
        (server) =>
          new Promise((resolve) =>
            server.child.exitCode !== null ? resolve(null) : server.child.once("exit", resolve),
          ),
      ),
    );
    await postgres.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
}

/** Builds the app into build-test/ (unless TEST_SKIP_BUILD) and starts two servers on one database. */
async function startAppServers(databaseUrl: string) {
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
  const servers = [
    startAppServer(await freePort(), databaseUrl, buildDir),
    startAppServer(await freePort(), databaseUrl, buildDir),
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
