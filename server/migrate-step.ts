import { type MigrateResult, MigrationError, migrateDatabase } from "../app/db/migrate.server.ts";
import type { AppDatabase } from "./database.ts";

/**
 * Migrates the database a process starts on (`npm run serve`, `npm run worker`, `npm run db:migrate`); a migration
 * that cannot be applied ends the process with its one-line reason and exit code 1, not a stack (product rules
 * 17.32): the reason already says what to do.
 */
export async function migrateOrExit(database: AppDatabase): Promise<MigrateResult> {
  try {
    return await migrateDatabase(database.url);
  } catch (error) {
    if (!(error instanceof MigrationError)) throw error;
    console.error(error.message);
    await database.stop();
    process.exit(1);
  }
}
