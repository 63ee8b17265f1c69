/**
 * Product rules 17.2 (docs/decisions/062): a shop that was running before seed sets were recorded is taken as
 * seeded by the migration that brings them, drizzle/0048, so its first start on the new release writes nothing into
 * it; an empty database records none and is seeded on its first start. Run on a database of its own: migrated up to
 * the migration before, filled as the earlier releases' seed filled it, changed by its operator, then migrated to
 * the end and started.
 */
import { eq, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { afterAll, afterEach, describe, expect, inject, it } from "vitest";
import { connect, type Database } from "../../app/db/client.server.ts";
import { MIGRATIONS_FOLDER } from "../../app/db/migration-files.server.ts";
import { blogPosts, likesPacks, services } from "../../app/db/schema.ts";
import { seedDatabase } from "../../app/db/seed/index.ts";
import { SEED_SETS } from "../../app/db/seed/seed-sets.ts";
import { ensureDatabaseExists } from "../../server/embedded-postgres.ts";
import { dropDatabase, migrationsBefore } from "../support/migration-folders.ts";

const serverUrl = inject("pgServerUrl");
const name = `boostly_seed_sets_${process.env.VITEST_POOL_ID ?? "0"}`;
const url = serverUrl.replace(/\/postgres$/, `/${name}`);

let before: Awaited<ReturnType<typeof migrationsBefore>> | undefined;
let connection: ReturnType<typeof connect> | undefined;

afterEach(async () => {
  await connection?.pool.end();
  connection = undefined;
  await dropDatabase(serverUrl, name);
});

afterAll(async () => {
  await before?.remove();
});

/** A fresh database of this file's, migrated with `migrationsFolder`; its connection. */
async function migratedDatabase(migrationsFolder: string): Promise<Database> {
  await dropDatabase(serverUrl, name);
  await ensureDatabaseExists(serverUrl, name);
  await migrateWith(migrationsFolder);
  connection = connect(url, 1);
  return connection.db;
}

async function migrateWith(migrationsFolder: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await migrate(drizzle(client), { migrationsFolder });
  } finally {
    await client.end();
  }
}

/** What the seed writes, row by row (ids and timestamps included). */
async function seededContent(db: Database) {
  const { rows } = await db.execute<{ content: unknown }>(sql`select json_build_object(
      'services', (select json_agg(s order by s.slug) from services s),
      'likesPacks', (select json_agg(p order by p.code) from likes_packs p),
      'blogPosts', (select json_agg(b order by b.slug) from blog_posts b),
      'banner', (select json_agg(b order by b.id) from banner_settings b),
      'settings', (select json_agg(s order by s.key) from settings s)
    ) as content`);
  return rows[0]?.content;
}

async function recordedSets(db: Database): Promise<string[]> {
  const { rows } = await db.execute<{ name: string }>(sql`select name from seed_sets order by name`);
  return rows.map((row) => row.name);
}

describe("the seed sets' migration", () => {
  it("takes a shop that was running before it as seeded: its next start writes nothing back", async () => {
    before = await migrationsBefore(/_seed_sets$/);
    const db = await migratedDatabase(before.folder);
    // What the earlier releases' start-up wrote (the same sets), and a settings row an admin saved.
    for (const set of SEED_SETS) await set.write(db);
    await db.execute(sql`insert into settings (key, value) values ('heroTitle', '"Our shop"'::jsonb)`);
    // Then its operator deleted a service, a pack and every sample post.
    await db.delete(services).where(eq(services.slug, "twitter-views"));
    await db.delete(likesPacks).where(eq(likesPacks.code, "ultima"));
    await db.delete(blogPosts);
    const asLeft = await seededContent(db);

    await migrateWith(MIGRATIONS_FOLDER);
    expect(await recordedSets(db)).toEqual(SEED_SETS.map((set) => set.name).sort());
    await seedDatabase(db);
    await seedDatabase(db);
    expect(await seededContent(db)).toEqual(asLeft);
  });

  it("records nothing in an empty database, which its first start then seeds in full, once", async () => {
    const db = await migratedDatabase(MIGRATIONS_FOLDER);
    expect(await recordedSets(db)).toEqual([]);
    await seedDatabase(db);
    expect(await recordedSets(db)).toEqual(SEED_SETS.map((set) => set.name).sort());
    expect(await db.$count(blogPosts)).toBeGreaterThan(0);
    const seeded = await seededContent(db);
    await seedDatabase(db);
    expect(await seededContent(db)).toEqual(seeded);
  });
});
