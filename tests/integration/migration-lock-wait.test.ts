/**
 * Migrations that wait for a busy table instead of crashing the start (product rules 17.30-17.32, docs/decisions/064):
 * each on a database of its own, migrated up to the migration before the one under test, with a transaction of
 * "monthly-report" holding a table that migration alters, as an old server's open transaction or a long report does.
 */
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, afterEach, describe, expect, inject, it } from "vitest";
import { MigrationError, migrateDatabase } from "../../app/db/migrate.server.ts";
import { MIGRATIONS_FOLDER } from "../../app/db/migration-files.server.ts";
import { ensureDatabaseExists } from "../../server/embedded-postgres.ts";
import { SLOW_WAIT_TIMEOUT_MS, TEST_AUTH_SECRET } from "../support/constants.ts";
import { dropDatabase } from "../support/migration-folders.ts";

const serverUrl = inject("pgServerUrl");
const name = `boostly_lock_wait_${process.env.VITEST_POOL_ID ?? "0"}`;
const url = serverUrl.replace(/\/postgres$/, `/${name}`);
const root = path.resolve(import.meta.dirname, "../..");
const BLOCKED = "0047_deposit_bonus";
const BEFORE = "0046_deposit_fees";
/** The scripts migrate with the repository's own folder, to its last migration. */
const LATEST = (
  JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, "meta/_journal.json"), "utf8")) as {
    entries: { tag: string }[];
  }
).entries.at(-1)?.tag;
const quiet = () => {};

const folders: string[] = [];
const clients: pg.Client[] = [];

afterEach(async () => {
  for (const client of clients.splice(0)) await client.end().catch(() => {});
});
afterAll(async () => {
  for (const folder of folders) await rm(folder, { recursive: true, force: true });
  await dropDatabase(serverUrl, name);
});

/** A copy of the migrations whose journal stops before `before` or after `through`, with `extra` ones after it. */
async function migrationsFolder({
  before,
  through,
  extra = [],
}: {
  before?: string;
  through?: string;
  extra?: { tag: string; sql: string }[];
}): Promise<string> {
  const folder = await mkdtemp(path.join(tmpdir(), "boostly-migrations-"));
  folders.push(folder);
  await cp(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journalPath = path.join(folder, "meta/_journal.json");
  const journal = JSON.parse(await readFile(journalPath, "utf8")) as {
    entries: { idx: number; tag: string; when: number; breakpoints: boolean }[];
  };
  const at = (tag: string) => journal.entries.findIndex((entry) => entry.tag === tag);
  if (before) journal.entries = journal.entries.slice(0, at(before));
  if (through) journal.entries = journal.entries.slice(0, at(through) + 1);
  for (const migration of extra) {
    const last = journal.entries.at(-1)!;
    journal.entries.push({
      idx: last.idx + 1,
      tag: migration.tag,
      when: last.when + 1000,
      breakpoints: true,
    });
    await writeFile(path.join(folder, `${migration.tag}.sql`), migration.sql);
  }
  await writeFile(journalPath, JSON.stringify(journal));
  return folder;
}

/** A fresh database of this file's own, migrated up to (not including) `before`. */
async function databaseBefore(before: string): Promise<void> {
  await dropDatabase(serverUrl, name);
  await ensureDatabaseExists(serverUrl, name);
  await migrateDatabase(url, { migrationsFolder: await migrationsFolder({ before }), log: quiet });
}

async function connect(applicationName: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url, application_name: applicationName });
  await client.connect();
  clients.push(client);
  return client;
}

/** A report's transaction that read `deposits` and stays open: it holds a lock the ALTER of 0047 must wait for. */
async function holdDeposits(): Promise<{ pid: number; client: pg.Client }> {
  const client = await connect("monthly-report");
  await client.query("begin");
  await client.query("select count(*) from deposits");
  const [{ pid }] = (await client.query("select pg_backend_pid() as pid")).rows as [{ pid: number }];
  // pg_backend_pid() was its last query: read it again so the report's own query is the one that shows.
  await client.query("select count(*) from deposits");
  return { pid, client };
}

async function depositColumns(client: pg.Client): Promise<string[]> {
  const found = await client.query(
    "select column_name from information_schema.columns where table_name = 'deposits' and column_name = 'bonus_cents'",
  );
  return found.rows.map((row) => row.column_name);
}

describe("a migration blocked by a long transaction (product rules 17.30, 17.31)", () => {
  it("waits, says which process holds the table, and completes once that transaction ends", async () => {
    await databaseBefore(BLOCKED);
    const report = await holdDeposits();
    const lines: string[] = [];
    const migrating = migrateDatabase(url, {
      migrationsFolder: await migrationsFolder({ through: BLOCKED }),
      lockTimeoutMs: 200,
      waitSeconds: 60,
      log: (l) => lines.push(l),
    });
    const outcome = migrating.then(
      (result) => ({ result }),
      (error: unknown) => ({ error }),
    );

    await expect.poll(() => lines.find((line) => line.includes("is waiting for"))).toBeDefined();
    const waiting = lines.find((line) => line.includes("is waiting for"))!;
    expect(waiting).toMatch(
      new RegExp(
        `^Migration ${BLOCKED} is waiting for a lock on deposits, held by process ${report.pid} \\("monthly-report", ` +
          `idle in transaction, transaction open \\d+ s, query "select count\\(\\*\\) from deposits"\\); ` +
          "trying again in 1 s \\(waited 0 s of at most 1 min\\)\\.$",
      ),
    );
    // Still waiting while the report's transaction is open: nothing was applied.
    const observer = await connect("observer");
    expect(await depositColumns(observer)).toEqual([]);

    await report.client.query("commit");
    const done = await outcome;
    expect(done).toEqual({ result: { applied: [BLOCKED], latest: BLOCKED } });
    expect(await depositColumns(observer)).toEqual(["bonus_cents"]);
    expect(lines.at(-1)).toMatch(new RegExp(`^Applied 1 migration \\(${BLOCKED}\\) in \\d+ s\\.$`));
  });

  it("keeps each wait short, so the shop's writes to that table go on while the migration waits its turn", async () => {
    await databaseBefore(BLOCKED);
    const report = await holdDeposits();
    const lines: string[] = [];
    const outcome = migrateDatabase(url, {
      migrationsFolder: await migrationsFolder({ through: BLOCKED }),
      lockTimeoutMs: 200,
      waitSeconds: 60,
      log: (l) => lines.push(l),
    }).then(
      (result) => ({ result }),
      (error: unknown) => ({ error }),
    );
    await expect.poll(() => lines.length).toBeGreaterThan(0);
    // Between two attempts no ALTER is queued on deposits: a write there goes straight through.
    const shop = await connect("boostly");
    await shop.query("set statement_timeout = 1000");
    const user = await shop.query(
      "insert into users (email, email_verified) values ('lock-wait@example.test', true) returning id",
    );
    await shop.query("insert into deposits (user_id, amount_cents, provider) values ($1, 500, 'stripe')", [
      user.rows[0].id,
    ]);
    await report.client.query("commit");
    expect(await outcome).toEqual({ result: { applied: [BLOCKED], latest: BLOCKED } });
  });
});

/** `npm run db:migrate` or a worker's start, as its own process, on this file's database. */
function run(script: string, extra: Record<string, string>) {
  let stdout = "";
  let stderr = "";
  const child = spawn(process.execPath, [path.join(root, script)], {
    cwd: root,
    env: { ...process.env, APP_ENV: "test", AUTH_SECRET: TEST_AUTH_SECRET, DATABASE_URL: url, ...extra },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout.on("data", (chunk) => {
    stdout += chunk;
  });
  child.stderr.on("data", (chunk) => {
    stderr += chunk;
  });
  const killer = setTimeout(() => child.kill("SIGKILL"), SLOW_WAIT_TIMEOUT_MS);
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.once("exit", (code) => {
      clearTimeout(killer);
      resolve({ code, stdout, stderr });
    }),
  );
}

describe("a start that cannot get its lock in time (product rules 17.32, 17.33)", () => {
  it("fails with a one-line reason and exit code 1, not a stack, and leaves the database as it was", async () => {
    await databaseBefore(BLOCKED);
    const report = await holdDeposits();
    const reason = new RegExp(
      `^Migration ${BLOCKED} not applied: it waited \\d+ s \\(MIGRATION_WAIT_SECONDS=2\\) for a lock on deposits, ` +
        `held by process ${report.pid} \\("monthly-report", idle in transaction, transaction open \\d+ s, ` +
        `query "select count\\(\\*\\) from deposits"\\)\\. End that transaction or raise MIGRATION_WAIT_SECONDS, ` +
        `then migrate again; the database stays at ${BEFORE}\\.$`,
    );
    // The migration step production runs on its own, and a worker's start, which migrates first.
    for (const script of ["scripts/db-migrate.ts", "server/worker.ts"]) {
      const ended = await run(script, { MIGRATION_WAIT_SECONDS: "2", MIGRATION_LOCK_TIMEOUT_MS: "300" });
      expect(ended.code, ended.stdout + ended.stderr).toBe(1);
      expect(ended.stderr.trim()).toMatch(reason);
      expect(ended.stdout).toMatch(
        new RegExp(`^Migration ${BLOCKED} is waiting for a lock on deposits`, "m"),
      );
    }
    const observer = await connect("observer");
    expect(await depositColumns(observer)).toEqual([]);
    await report.client.query("commit");

    const migrated = await run("scripts/db-migrate.ts", {
      MIGRATION_WAIT_SECONDS: "2",
      MIGRATION_LOCK_TIMEOUT_MS: "300",
    });
    expect(migrated.code, migrated.stdout + migrated.stderr).toBe(0);
    expect(migrated.stdout).toMatch(
      new RegExp(`^Applied \\d+ migrations? \\(${BLOCKED}( to ${LATEST})?\\)`, "m"),
    );
    expect(await depositColumns(observer)).toEqual(["bonus_cents"]);
    const again = await run("scripts/db-migrate.ts", {});
    expect(again.stdout.trim()).toBe(`The database is up to date (${LATEST}).`);
  }, 60_000);
});

describe("migrations run one transaction each (docs/decisions/064)", () => {
  it("rolls a failed migration back whole and names it, keeping the ones before it", async () => {
    await databaseBefore(BLOCKED);
    const folder = await migrationsFolder({
      extra: [
        { tag: "9998_probe_table", sql: "CREATE TABLE probe (v integer);" },
        {
          tag: "9999_broken",
          sql: "ALTER TABLE probe ADD COLUMN w integer;--> statement-breakpoint\nSELECT no_such_function();",
        },
      ],
    });
    const failed = await migrateDatabase(url, { migrationsFolder: folder, log: quiet }).catch(
      (e: unknown) => e,
    );
    expect(failed).toBeInstanceOf(MigrationError);
    expect((failed as Error).message).toMatch(/^Migration 9999_broken failed: function no_such_function\(\)/);
    const observer = await connect("observer");
    expect(await depositColumns(observer)).toEqual(["bonus_cents"]);
    const columns = await observer.query(
      "select column_name from information_schema.columns where table_name = 'probe' order by column_name",
    );
    expect(columns.rows).toEqual([{ column_name: "v" }]);
  });

  it("builds a concurrent index outside a transaction, dropping and rebuilding one an interrupted build left invalid", async () => {
    await databaseBefore(BLOCKED);
    await migrateDatabase(url, { log: quiet });
    const setup = await connect("observer");
    await setup.query("create table probe (v integer); insert into probe values (1), (1)");
    // A unique build that fails on the duplicates leaves its index behind, invalid, as a killed build does.
    await expect(setup.query("create unique index concurrently probe_v_idx on probe (v)")).rejects.toThrow();
    await setup.query("delete from probe where ctid <> (select min(ctid) from probe)");
    const folder = await migrationsFolder({
      extra: [
        {
          tag: "9999_probe_index",
          sql: 'CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "probe_v_idx" ON "probe" USING btree ("v");',
        },
      ],
    });
    expect(await migrateDatabase(url, { migrationsFolder: folder, log: quiet })).toEqual({
      applied: ["9999_probe_index"],
      latest: "9999_probe_index",
    });
    const index = await setup.query(
      "select i.indisvalid as valid from pg_index i join pg_class c on c.oid = i.indexrelid where c.relname = 'probe_v_idx'",
    );
    expect(index.rows).toEqual([{ valid: true }]);
    await expect(setup.query("insert into probe values (1)")).rejects.toThrow(/duplicate key/);
  });
});
