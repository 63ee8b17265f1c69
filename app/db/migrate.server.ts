import pg from "pg";
import { z } from "zod";
import { parseEnvironment } from "../lib/env.server.ts";
import { describeLockWait, formatSeconds, type LockWaitWatch, watchLockWaits } from "./lock-wait.server.ts";
import {
  concurrentIndexName,
  isConcurrentIndexMigration,
  MIGRATIONS_FOLDER,
  type MigrationFile,
  readMigrationFiles,
} from "./migration-files.server.ts";
import { buildSearchIndexes } from "./search-indexes.server.ts";

/** The longest pause between two attempts. */
const LONGEST_PAUSE_MS = 30_000;
/** A migration that takes longer than this is named with its time, for the operator's next upgrade estimate. */
const SLOW_MIGRATION_MS = 5_000;

const configSchema = z.object({
  MIGRATION_WAIT_SECONDS: z.coerce.number().min(0).max(86_400).default(300),
  // While an ALTER waits for its lock, every write to its table queues behind it: the shop's orders wait this long
  // at most before the attempt is given up and tried again.
  MIGRATION_LOCK_TIMEOUT_MS: z.coerce.number().int().min(50).max(60_000).default(2_000),
});

/** How long one migration keeps trying to get its locks, and how long each attempt waits (docs/configuration.md). */
export function readMigrationConfig(source?: NodeJS.ProcessEnv): {
  waitSeconds: number;
  lockTimeoutMs: number;
} {
  const raw = parseEnvironment(configSchema, source);
  return { waitSeconds: raw.MIGRATION_WAIT_SECONDS, lockTimeoutMs: raw.MIGRATION_LOCK_TIMEOUT_MS };
}

/** A migration that could not be applied, said in one line for the operator (product rules 17.32). */
export class MigrationError extends Error {
  override name = "MigrationError";
}

export type MigrateOptions = {
  migrationsFolder?: string;
  /** Default MIGRATION_WAIT_SECONDS. */
  waitSeconds?: number;
  /** Default MIGRATION_LOCK_TIMEOUT_MS. */
  lockTimeoutMs?: number;
  /** Where the progress and lock-wait lines go; default the console. */
  log?: (line: string) => void;
};

export type MigrateResult = { applied: string[]; latest: string | undefined };

/**
 * Applies the pending migrations, each in a transaction of its own (a concurrent index migration outside one), then
 * builds any missing search index concurrently; several servers starting at once take turns on an advisory lock.
 * A migration that cannot get a lock within `lockTimeoutMs` says who holds it and tries again after a
 * growing pause, for up to `waitSeconds`, then fails with a MigrationError (product rules 17.30-17.32).
 */
export async function migrateDatabase(
  connectionString: string,
  options: MigrateOptions = {},
): Promise<MigrateResult> {
  const log = options.log ?? ((line: string) => console.log(line));
  const config = readMigrationConfig();
  const lockTimeoutMs = options.lockTimeoutMs ?? config.lockTimeoutMs;
  const waitSeconds = options.waitSeconds ?? config.waitSeconds;
  const client = new pg.Client({ connectionString, application_name: "boostly-migrate" });
  // A lost connection also fails the query in flight, which says what failed; the event alone would end the process.
  client.on("error", () => {});
  await client.connect();
  try {
    await takeMigrationLock(client, log);
    await client.query(`set lock_timeout = ${Math.round(lockTimeoutMs)}`);
    const migrations = await readMigrationFiles(options.migrationsFolder ?? MIGRATIONS_FOLDER);
    const pending = await pendingMigrations(client, migrations);
    const applied: string[] = [];
    if (pending.length > 0) {
      const started = Date.now();
      const [{ pid }] = (await client.query("select pg_backend_pid() as pid")).rows as [{ pid: number }];
      const watch = await watchLockWaits(connectionString, pid, Math.min(250, lockTimeoutMs / 4));
      try {
        for (const migration of pending) {
          const began = Date.now();
          const retry = {
            waitSeconds,
            log,
            watch,
            latest: applied.at(-1) ?? latestOf(migrations, pending),
          };
          await applyWithRetries(client, migration, retry);
          applied.push(migration.tag);
          const took = Date.now() - began;
          if (took > SLOW_MIGRATION_MS) log(`Migration ${migration.tag} took ${formatSeconds(took / 1000)}.`);
        }
      } finally {
        await watch.stop();
      }
      log(
        `Applied ${applied.length} migration${applied.length === 1 ? "" : "s"} (${applied[0]}${
          applied.length > 1 ? ` to ${applied.at(-1)}` : ""
        }) in ${formatSeconds((Date.now() - started) / 1000)}.`,
      );
    }
    // Outside the migrations' transactions, so no build locks a table against writes (docs/decisions/045); a
    // build holds no lock the shop's writes wait for, so it may wait longer for old transactions to end.
    await client.query("set lock_timeout = '15s'");
    await buildSearchIndexes(client);
    return { applied, latest: migrations.at(-1)?.tag };
  } finally {
    await client.query("select pg_advisory_unlock(hashtext('boostly.migrate'))").catch(() => {});
    await client.end();
  }
}

/** Takes the migration lock, saying so when another process holds it (it migrates: this one waits its turn). */
async function takeMigrationLock(client: pg.Client, log: (line: string) => void) {
  const taken = await client.query<{ ok: boolean }>(
    "select pg_try_advisory_lock(hashtext('boostly.migrate')) as ok",
  );
  if (taken.rows[0]?.ok) return;
  log("Another process is applying the migrations; waiting for it to finish.");
  await client.query("select pg_advisory_lock(hashtext('boostly.migrate'))");
}

/** The migrations newer than the latest one the database recorded, as drizzle's migrator decides it. */
async function pendingMigrations(client: pg.Client, migrations: MigrationFile[]): Promise<MigrationFile[]> {
  await client.query("create schema if not exists drizzle");
  await client.query(
    "create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)",
  );
  const recorded = await client.query<{ created_at: string }>(
    "select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1",
  );
  const latest = recorded.rows[0] ? Number(recorded.rows[0].created_at) : undefined;
  return migrations.filter((migration) => latest === undefined || latest < migration.when);
}

/** The last migration the database had before this run (the pending ones are the journal's tail). */
function latestOf(migrations: MigrationFile[], pending: MigrationFile[]): string | undefined {
  return migrations[migrations.length - pending.length - 1]?.tag;
}

type Retry = {
  waitSeconds: number;
  log: (line: string) => void;
  watch: LockWaitWatch;
  latest: string | undefined;
};

const LOCK_NOT_AVAILABLE = "55P03";
const DEADLOCK = "40P01";

async function applyWithRetries(client: pg.Client, migration: MigrationFile, retry: Retry) {
  const started = Date.now();
  for (let attempt = 1; ; attempt++) {
    retry.watch.forget();
    try {
      await applyMigration(client, migration);
      return;
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code !== LOCK_NOT_AVAILABLE && code !== DEADLOCK) {
        throw new MigrationError(`Migration ${migration.tag} failed: ${(error as Error).message}`, {
          cause: error,
        });
      }
      const waitedFor = describeLockWait(retry.watch.last());
      const waited = (Date.now() - started) / 1000;
      const remainingMs = (retry.waitSeconds - waited) * 1000;
      const pauseMs = Math.min(1_000 * 2 ** (attempt - 1), LONGEST_PAUSE_MS, remainingMs);
      if (remainingMs <= 0) {
        throw new MigrationError(
          `Migration ${migration.tag} not applied: it waited ${formatSeconds(waited)} (MIGRATION_WAIT_SECONDS=${
            retry.waitSeconds
          }) for ${waitedFor}. End that transaction or raise MIGRATION_WAIT_SECONDS, then migrate again; the database stays at ${
            retry.latest ?? "no migration"
          }.`,
          { cause: error },
        );
      }
      retry.log(
        `Migration ${migration.tag} is waiting for ${waitedFor}; trying again in ${formatSeconds(
          pauseMs / 1000,
        )} (waited ${formatSeconds(waited)} of at most ${formatSeconds(retry.waitSeconds)}).`,
      );
      await new Promise((resolve) => setTimeout(resolve, pauseMs));
    }
  }
}

const RECORD = "insert into drizzle.__drizzle_migrations (hash, created_at) values ($1, $2)";

/**
 * One migration: its statements and its record in one transaction, so an interrupted one (a lock it waited too
 * long for, a kill -9) leaves nothing and runs again whole. A concurrent index migration runs outside a
 * transaction; an index an interrupted build left invalid is dropped and built again.
 */
async function applyMigration(client: pg.Client, migration: MigrationFile) {
  if (isConcurrentIndexMigration(migration)) {
    for (const statement of migration.statements) {
      const index = concurrentIndexName(statement);
      if (index) await dropInvalidIndex(client, index);
      await client.query(statement);
    }
    await client.query(RECORD, [migration.hash, migration.when]);
    return;
  }
  await client.query("begin");
  try {
    for (const statement of migration.statements) await client.query(statement);
    await client.query(RECORD, [migration.hash, migration.when]);
    await client.query("commit");
  } catch (error) {
    await client.query("rollback").catch(() => {});
    throw error;
  }
}

async function dropInvalidIndex(client: pg.Client, name: string) {
  const found = await client.query<{ valid: boolean }>(
    `select i.indisvalid as valid from pg_index i join pg_class c on c.oid = i.indexrelid
      join pg_namespace n on n.oid = c.relnamespace where c.relname = $1 and n.nspname = current_schema()`,
    [name],
  );
  if (found.rows[0] && !found.rows[0].valid)
    await client.query(`drop index concurrently if exists "${name}"`);
}
