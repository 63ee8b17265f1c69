import { sql } from "drizzle-orm";
import type { Database } from "../client.server.ts";
import { seedSets } from "../schema.ts";
import { SEED_SETS } from "./seed-sets.ts";

/**
 * Writes each seed set this database has not had yet (the starting catalogue, packs, banner and sample posts) and
 * records it in the same transaction, so a set is written once per database: what the operator changes or deletes
 * afterwards, a whole table emptied included, stays as they left it across restarts (docs/decisions/062).
 */
export async function seedDatabase(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    // One seeder at a time when several servers start together.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('boostly.seed'))`);
    const applied = new Set((await tx.select({ name: seedSets.name }).from(seedSets)).map((row) => row.name));
    for (const set of SEED_SETS) {
      if (applied.has(set.name)) continue;
      await set.write(tx);
      await tx.insert(seedSets).values({ name: set.name });
    }
  });
}
