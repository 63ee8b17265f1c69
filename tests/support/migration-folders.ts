import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { MIGRATIONS_FOLDER } from "../../app/db/migration-files.server.ts";

/**
 * A copy of the migrations folder whose journal stops just before the first migration whose tag matches `before`:
 * a database migrated with it is one of the release before that migration, which a test fills the old way and then
 * migrates to the end. Throws when no migration matches. `remove()` deletes the copy.
 */
export async function migrationsBefore(before: RegExp): Promise<{ folder: string; remove(): Promise<void> }> {
  const folder = await mkdtemp(path.join(tmpdir(), "boostly-migrations-"));
  await cp(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journalPath = path.join(folder, "meta/_journal.json");
  const journal = JSON.parse(await readFile(journalPath, "utf8")) as { entries: { tag: string }[] };
  const index = journal.entries.findIndex((entry) => before.test(entry.tag));
  if (index <= 0) throw new Error(`no migration after the first matches ${before}`);
  await writeFile(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, index) }));
  return { folder, remove: () => rm(folder, { recursive: true, force: true }) };
}

/** Drops a test's own database on the suite's PostgreSQL server, whoever is still connected to it. */
export async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists "${name}" with (force)`);
  } finally {
    await admin.end();
  }
}
