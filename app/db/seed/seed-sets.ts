import { serviceSlug } from "../../domain/catalog/service-slug.ts";
import { DEFAULT_BANNER } from "../../domain/content/banner.server.ts";
import type { Executor } from "../client.server.ts";
import { bannerSettings, blogPosts, likesPacks, platforms, services } from "../schema.ts";
import { seedBlogPosts } from "./blog-posts.ts";
import { seedLikesPacks, seedServices } from "./catalogue.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * One part of what a new shop starts with, written once per database (docs/decisions/062). Its name is recorded in
 * `seed_sets` when it is written and never changes: drizzle/0048 records these names for a shop that was running
 * before sets were recorded. A later release may add a set (written once on its first start), never rename one.
 */
export type SeedSet = { name: string; write(tx: Executor): Promise<void> };

/** The specification's services, on the platforms that exist (drizzle/0020 creates them; docs/decisions/038). */
const catalogue: SeedSet = {
  name: "catalogue",
  async write(tx) {
    const existing = new Set(
      (await tx.select({ slug: platforms.slug }).from(platforms)).map((row) => row.slug),
    );
    const rows = seedServices
      .map((service, index) => ({ service, index }))
      .filter(({ service }) => existing.has(service.platform))
      .map(({ service, index }) => ({
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
      }));
    // A row of the operator's own with a seeded slug or code is theirs: it is kept as it is.
    if (rows.length > 0)
      await tx.insert(services).values(rows).onConflictDoNothing({ target: services.slug });
  },
};

/** The three Real Instagram Likes packs (product rules 3.3). */
const likesPackSet: SeedSet = {
  name: "likes-packs",
  async write(tx) {
    await tx
      .insert(likesPacks)
      .values(seedLikesPacks.map((pack, index) => ({ ...pack, sortOrder: index })))
      .onConflictDoNothing({ target: likesPacks.code });
  },
};

/** The site banner's one row: the default banner, off until an admin turns it on. */
const banner: SeedSet = {
  name: "banner",
  async write(tx) {
    if ((await tx.$count(bannerSettings)) > 0) return;
    await tx.insert(bannerSettings).values({
      bannerText: DEFAULT_BANNER.text,
      bannerEnabled: DEFAULT_BANNER.enabled,
      bannerType: DEFAULT_BANNER.type,
    });
  },
};

/** The sample posts, published a few days apart before today. */
const blog: SeedSet = {
  name: "blog-posts",
  async write(tx) {
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
  },
};

/**
 * Every seed set, in the order a new shop writes them. Settings are not among them: a setting without a row reads
 * its default from app/domain/settings/defaults.ts, so only an admin's save writes one (product rules 17.4).
 */
export const SEED_SETS: readonly SeedSet[] = [catalogue, likesPackSet, banner, blog];
