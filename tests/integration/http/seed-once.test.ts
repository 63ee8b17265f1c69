import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { connect, type Database } from "../../../app/db/client.server.ts";
import { blogPosts, likesPacks, services, settings, users } from "../../../app/db/schema.ts";
import { seedBlogPosts } from "../../../app/db/seed/blog-posts.ts";
import { seedLikesPacks, seedServices } from "../../../app/db/seed/catalogue.ts";
import { SEED_SETS } from "../../../app/db/seed/seed-sets.ts";
import { deleteBlogPost } from "../../../app/domain/blog/delete-post.server.ts";
import { deleteService } from "../../../app/domain/catalog/delete-service.server.ts";
import { serviceSlug } from "../../../app/domain/catalog/service-slug.ts";
import { DEFAULT_BANNER } from "../../../app/domain/content/banner.server.ts";
import { saveBanner } from "../../../app/domain/content/save-banner.server.ts";
import { cents } from "../../../app/domain/pricing/cents.ts";
import { settingDefaults } from "../../../app/domain/settings/defaults.ts";
import { readSettings } from "../../../app/domain/settings/read-settings.server.ts";
import { saveSettings } from "../../../app/domain/settings/save-settings.server.ts";
import { ensureDatabaseExists } from "../../../server/embedded-postgres.ts";
import { SLOW_WAIT_TIMEOUT_MS } from "../../support/constants.ts";
import { dropDatabase } from "../../support/migration-folders.ts";
import { type ShopProcess, startShopProcess } from "../../support/shop-process.ts";

/**
 * Product rules 17.1-17.4 (docs/decisions/062): the shop's own start-up (server/start.ts: migrate, seed, serve),
 * started three times on one database that starts empty. The first start writes the whole starting catalogue; what
 * the operator then deletes or edits (a service, a pack, every blog post, the banner, settings) is exactly as they
 * left it after each of two restarts.
 */
const serverUrl = inject("pgServerUrl");
const name = "boostly_seed_once";
const databaseUrl = serverUrl.replace(/\/postgres$/, `/${name}`);
/** Three process starts, the first migrating an empty database, on a machine other test files share. */
const STARTS_TIMEOUT_MS = 4 * SLOW_WAIT_TIMEOUT_MS;

let shop: ShopProcess | undefined;
let connection: ReturnType<typeof connect> | undefined;

beforeAll(async () => {
  await dropDatabase(serverUrl, name);
  // Created empty, not from the template: the shop's own first start migrates and seeds it.
  await ensureDatabaseExists(serverUrl, name);
});

afterAll(async () => {
  await shop?.stop();
  await connection?.pool.end();
  await dropDatabase(serverUrl, name);
});

/** Stops the running shop, if any, and starts it again on the same database. */
async function restart(): Promise<ShopProcess> {
  await shop?.stop();
  shop = await startShopProcess(databaseUrl);
  return shop;
}

/** Every row of every table the seed writes or the operator edits here, whole (ids and timestamps included). */
async function shopContent(db: Database) {
  const { rows } = await db.execute<{ content: unknown }>(sql`select json_build_object(
      'services', (select json_agg(s order by s.slug) from services s),
      'likesPacks', (select json_agg(p order by p.code) from likes_packs p),
      'blogPosts', (select json_agg(b order by b.slug) from blog_posts b),
      'banner', (select json_agg(b order by b.id) from banner_settings b),
      'settings', (select json_agg(s order by s.key) from settings s),
      'seedSets', (select json_agg(x order by x.name) from seed_sets x)
    ) as content`);
  return rows[0]?.content;
}

describe("a shop started again (product rules 17.1-17.4)", () => {
  it(
    "writes the whole starting catalogue on its first start, and keeps what the operator deleted and edited across two restarts",
    async () => {
      await restart();
      connection = connect(databaseUrl, 2);
      const { db } = connection;

      // First start of an empty database: the whole catalogue of the specification, the packs, the banner and
      // the sample posts, each seed set recorded; no settings rows (each reads its default from code).
      const slugs = await db.select({ slug: services.slug }).from(services);
      expect(slugs.map((row) => row.slug).sort()).toEqual(
        seedServices.map((service) => serviceSlug(service.name)).sort(),
      );
      expect(
        (await db.select({ code: likesPacks.code }).from(likesPacks)).map((row) => row.code).sort(),
      ).toEqual(seedLikesPacks.map((pack) => pack.code).sort());
      expect(
        (await db.select({ slug: blogPosts.slug }).from(blogPosts)).map((row) => row.slug).sort(),
      ).toEqual(seedBlogPosts.map((post) => post.slug).sort());
      const [banner] = (
        await db.execute<{ text: string; enabled: boolean }>(
          sql`select banner_text as text, banner_enabled as enabled from banner_settings`,
        )
      ).rows;
      expect(banner).toEqual({ text: DEFAULT_BANNER.text, enabled: false });
      expect(await db.$count(settings)).toBe(0);
      expect(await readSettings(db)).toEqual(settingDefaults);
      const recorded = await db.execute<{ name: string }>(sql`select name from seed_sets order by name`);
      expect(recorded.rows.map((row) => row.name)).toEqual(SEED_SETS.map((set) => set.name).sort());

      // The operator's changes, through the admin's own functions where the admin has one, SQL where not.
      const [admin] = await db
        .insert(users)
        .values({ email: "owner@seed-once.test", emailVerified: true })
        .returning({ id: users.id });
      const adminId = admin!.id;
      const [twitterViews] = await db
        .select({ id: services.id })
        .from(services)
        .where(eq(services.slug, "twitter-views"));
      expect(await deleteService(db, { adminId, serviceId: twitterViews!.id })).toMatchObject({
        ok: true,
        outcome: "deleted",
      });
      await db
        .update(services)
        .set({ pricePer1000: "4.2500", name: "Instagram Likes (our own)" })
        .where(eq(services.slug, "instagram-likes"));
      await db.update(services).set({ enabled: false }).where(eq(services.slug, "spotify-plays"));
      await db.delete(likesPacks).where(eq(likesPacks.code, "ultima"));
      await db
        .update(likesPacks)
        .set({ priceCents: cents(1_395) })
        .where(eq(likesPacks.code, "big"));
      // Every sample post deleted: an empty blog is the operator's choice too.
      for (const post of await db.select({ id: blogPosts.id }).from(blogPosts))
        expect(await deleteBlogPost(db, { adminId, postId: post.id })).toMatchObject({ ok: true });
      expect(
        await saveBanner(db, {
          adminId,
          banner: { text: "Closed for the holidays", enabled: true, type: "warning" },
        }),
      ).toMatchObject({ ok: true });
      await saveSettings(db, {
        adminId,
        values: { heroTitle: "Grow with us", newUserBonusCents: cents(0), autoOrdersEnabled: false },
      });
      const asLeft = await shopContent(db);

      for (const round of ["first restart", "second restart"]) {
        await restart();
        expect(await shopContent(db), round).toEqual(asLeft);
        // What a visitor sees: a deleted sample post stays gone.
        const post = await fetch(`${shop!.url}/blog/${seedBlogPosts[0]!.slug}`);
        expect(post.status, round).toBe(404);
      }
      const after = await readSettings(db);
      expect([after.heroTitle, after.newUserBonusCents, after.autoOrdersEnabled, after.supportEmail]).toEqual(
        ["Grow with us", 0, false, settingDefaults.supportEmail],
      );
    },
    STARTS_TIMEOUT_MS,
  );
});
