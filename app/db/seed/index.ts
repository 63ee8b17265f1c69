import { sql } from "drizzle-orm";
import { serviceSlug } from "../../domain/catalog/service-slug.ts";
import { settingDefaults } from "../../domain/settings/defaults.ts";
import type { Database } from "../client.server.ts";
import { bannerSettings, blogPosts, likesPacks, platforms, services, settings } from "../schema.ts";
import { seedBlogPosts } from "./blog-posts.ts";
import { seedLikesPacks, seedServices } from "./catalogue.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Inserts the starting catalogue, packs, banner, settings and sample posts; never overwrites an admin's edits.
 * The services and the posts come once, into a shop that has none: what the operator deletes stays deleted
 * across restarts.
 */
export async function seedDatabase(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    // One seeder at a time when several servers start together.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('boostly.seed'))`);
    // Only into a shop with no services yet, and only on platforms that exist (docs/decisions/038).
    const firstStart = (await tx.$count(services)) === 0;
    const existing = new Set(
      (await tx.select({ slug: platforms.slug }).from(platforms)).map((row) => row.slug),
    );
    const missing = firstStart
      ? seedServices
          .map((service, index) => ({ service, index }))
          .filter(({ service }) => existing.has(service.platform))
      : [];
    if (missing.length > 0)
      await tx
        .insert(services)
        .values(
          missing.map(({ service, index }) => ({
            slug: serviceSlug(service.name),
            name: service.name,
            description: service.description,
            platform: service.platform,
            serviceType: service.serviceType,
            targetKind: service.targetKind,
            pricePer1000: service.pricePer1000,
            unitLabel: service.unitLabel ?? null,
            minQuantity: service.min,
            maxQuantity: service.max,
            features: service.features,
            defaultPosts: service.serviceType === "auto" ? 10 : null,
            refillDays: service.refillDays,
            dripfeed: service.dripfeed ?? false,
            sortOrder: index,
          })),
        )
        .onConflictDoNothing({ target: services.slug });
    await tx
      .insert(likesPacks)
      .values(seedLikesPacks.map((pack, index) => ({ ...pack, sortOrder: index })))
      .onConflictDoNothing({ target: likesPacks.code });
    await tx
      .insert(settings)
      .values(Object.entries(settingDefaults).map(([key, value]) => ({ key, value })))
      .onConflictDoNothing({ target: settings.key });
    const banner = await tx.select({ id: bannerSettings.id }).from(bannerSettings).limit(1);
    if (banner.length === 0) {
      await tx.insert(bannerSettings).values({
        bannerText: "New here? Claim a free trial of Instagram likes, comments or followers today.",
        bannerEnabled: false,
        bannerType: "info",
      });
    }
    if ((await tx.$count(blogPosts)) > 0) return;
    const now = Date.now();
    await tx
      .insert(blogPosts)
      .values(
        seedBlogPosts.map(({ publishedDaysAgo, ...post }) => ({
          ...post,
          published: true,
          publishedAt: new Date(now - publishedDaysAgo * DAY_MS),
        })),
      )
      .onConflictDoNothing({ target: blogPosts.slug });
  });
}
