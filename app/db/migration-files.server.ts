import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The repository's migrations, written by drizzle-kit (npm run db:generate) or by hand (docs/decisions/064). */
export const MIGRATIONS_FOLDER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../drizzle");

export type MigrationFile = {
  /** The file's name without `.sql`, e.g. `0047_deposit_bonus`. */
  tag: string;
  /** The journal's timestamp: drizzle records it, and a database has every migration up to its latest one. */
  when: number;
  hash: string;
  statements: string[];
};

/**
 * The migrations in journal order, read as drizzle's own migrator reads them (the same statement breakpoints and
 * hash, recorded in the same table), so a database migrated by either is the same to both.
 */
export async function readMigrationFiles(folder: string = MIGRATIONS_FOLDER): Promise<MigrationFile[]> {
  const journal = JSON.parse(await readFile(path.join(folder, "meta/_journal.json"), "utf8")) as {
    entries: { tag: string; when: number }[];
  };
  return Promise.all(
    journal.entries.map(async ({ tag, when }) => {
      const text = await readFile(path.join(folder, `${tag}.sql`), "utf8");
      const statements = text
        .split("--> statement-breakpoint")
        .filter((part) => withoutComments(part) !== "");
      return { tag, when, hash: createHash("sha256").update(text).digest("hex"), statements };
    }),
  );
}

/** The statement's SQL without its `--` comment lines and surrounding blanks. */
export function withoutComments(statement: string): string {
  return statement
    .split("\n")
    .filter((line) => !line.trim().startsWith("--"))
    .join("\n")
    .trim();
}

const CONCURRENT_STATEMENT = /^(create\s+(unique\s+)?index|drop\s+index)\s+concurrently\b/i;
const CONCURRENT_INDEX_NAME =
  /^create\s+(?:unique\s+)?index\s+concurrently\s+if\s+not\s+exists\s+"?([\w$]+)"?/i;

/**
 * A migration made only of CREATE INDEX CONCURRENTLY / DROP INDEX CONCURRENTLY statements, which PostgreSQL runs
 * only outside a transaction: it is run statement by statement, so no table is locked against writes while an index
 * builds (docs/decisions/064).
 */
export function isConcurrentIndexMigration(migration: Pick<MigrationFile, "statements">): boolean {
  return (
    migration.statements.length > 0 &&
    migration.statements.every((statement) => CONCURRENT_STATEMENT.test(withoutComments(statement)))
  );
}

/** The index a `CREATE INDEX CONCURRENTLY IF NOT EXISTS name` statement builds, else undefined. */
export function concurrentIndexName(statement: string): string | undefined {
  return CONCURRENT_INDEX_NAME.exec(withoutComments(statement))?.[1];
}
