import "../support/worker-database.ts";
import { asc, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "../../app/db/client.server.ts";
import { bannerSettings, blogPosts, likesPacks, services } from "../../app/db/schema.ts";
import { seedDatabase } from "../../app/db/seed/index.ts";
import { resetDatabase } from "../support/worker-database.ts";

// Earlier test files in this worker may have edited the catalogue: start from the seeded one.
beforeEach(resetDatabase);

// The customer spec's section 9 and product rules 3.1 and 3.2, written out independently of the seed on purpose:
// [name, platform, type, price per 1000, min, max].
const expected: [string, string, "one_time" | "auto", string, number, number][] = [
  ["Instagram Likes", "instagram", "one_time", "4.0000", 100, 100_000],
  ["Instagram Real Comments", "instagram", "one_time", "500.0000", 10, 500],
  ["Instagram Comments", "instagram", "one_time", "350.0000", 10, 1_000],
  ["Instagram Followers", "instagram", "one_time", "15.0000", 100, 50_000],
  ["Instagram Black Followers", "instagram", "one_time", "30.0000", 100, 100_000],
  ["Instagram Views", "instagram", "one_time", "1.5000", 100, 1_000_000],
  ["Instagram Story Views", "instagram", "one_time", "4.5000", 100, 100_000],
  ["Instagram Saves", "instagram", "one_time", "30.0000", 100, 100_000],
  ["Instagram Shares", "instagram", "one_time", "30.0000", 100, 100_000],
  ["Instagram Reposts", "instagram", "one_time", "30.0000", 100, 10_000],
  ["Instagram Auto Likes", "instagram", "auto", "4.0000", 100, 100_000],
  ["Instagram Auto Real Likes", "instagram", "auto", "10.0000", 100, 100_000],
  ["Instagram Auto Views", "instagram", "auto", "1.5000", 100, 100_000],
  ["Instagram Auto Comments", "instagram", "auto", "350.0000", 10, 1_000],
  ["Instagram Auto Real Comments", "instagram", "auto", "500.0000", 10, 250],
  ["YouTube Views", "youtube", "one_time", "6.0000", 1_000, 100_000],
  ["YouTube Likes", "youtube", "one_time", "9.0000", 100, 5_000],
  ["YouTube Subscribers", "youtube", "one_time", "45.0000", 100, 2_000],
  ["YouTube Comments", "youtube", "one_time", "150.0000", 10, 1_000],
  ["YouTube Watch Time", "youtube", "one_time", "25.0000", 100, 10_000],
  ["YouTube Bell Notifications", "youtube", "one_time", "5.0000", 10, 50_000],
  ["Spotify Plays", "spotify", "one_time", "3.5000", 1_000, 1_000_000],
  ["Spotify Followers", "spotify", "one_time", "8.0000", 100, 20_000],
  ["Spotify Saves", "spotify", "one_time", "5.0000", 100, 100_000],
  ["Spotify Playlist Followers", "spotify", "one_time", "6.0000", 100, 50_000],
  ["Spotify Monthly Listeners", "spotify", "one_time", "10.0000", 100, 100_000],
  ["TikTok Followers", "tiktok", "one_time", "15.0000", 100, 25_000],
  ["TikTok Likes", "tiktok", "one_time", "5.0000", 50, 20_000],
  ["TikTok Views", "tiktok", "one_time", "1.5000", 1_000, 5_000_000],
  ["TikTok Comments", "tiktok", "one_time", "100.0000", 10, 1_000],
  ["TikTok Shares", "tiktok", "one_time", "15.0000", 100, 100_000],
  ["TikTok Sound Plays", "tiktok", "one_time", "2.0000", 100, 1_000_000],
  ["Threads Followers", "threads", "one_time", "14.0000", 100, 15_000],
  ["Threads Likes", "threads", "one_time", "6.0000", 100, 10_000],
  ["Threads Replies", "threads", "one_time", "250.0000", 10, 1_000],
  ["Threads Reposts", "threads", "one_time", "8.0000", 100, 50_000],
  ["Threads Shares", "threads", "one_time", "10.0000", 100, 50_000],
  ["Facebook Page Likes", "facebook", "one_time", "12.0000", 100, 50_000],
  ["Facebook Post Likes", "facebook", "one_time", "6.0000", 50, 20_000],
  ["Facebook Followers", "facebook", "one_time", "14.0000", 100, 50_000],
  ["Facebook Video Views", "facebook", "one_time", "2.0000", 500, 1_000_000],
  ["Twitter Followers", "twitter", "one_time", "20.0000", 100, 20_000],
  ["Twitter Likes", "twitter", "one_time", "9.0000", 50, 10_000],
  ["Twitter Reposts", "twitter", "one_time", "12.0000", 50, 10_000],
  ["Twitter Views", "twitter", "one_time", "1.0000", 500, 1_000_000],
];

describe("the seeded catalogue", () => {
  it("holds every service of the spec with its exact price and limits", async () => {
    const rows = await db()
      .select({
        name: services.name,
        platform: services.platform,
        type: services.serviceType,
        price: services.pricePer1000,
        min: services.minQuantity,
        max: services.maxQuantity,
      })
      .from(services)
      .orderBy(asc(services.name));
    const actual = rows.map((row) => [row.name, row.platform, row.type, row.price, row.min, row.max]);
    expect(actual).toEqual([...expected].sort((a, b) => (a[0] < b[0] ? -1 : 1)));
  });

  it("holds the three Real Instagram Likes packs at one price each (product rules 3.3)", async () => {
    const packs = await db()
      .select({
        code: likesPacks.code,
        likes: likesPacks.likes,
        price: likesPacks.priceCents,
        extraLikes: likesPacks.extraLikes,
        flat: likesPacks.extraLikesFlatCents,
        extraViews: likesPacks.extraViews,
      })
      .from(likesPacks)
      .orderBy(asc(likesPacks.sortOrder));
    expect(packs).toEqual([
      { code: "small", likes: 500, price: 795, extraLikes: 250, flat: 300, extraViews: 2_500 },
      { code: "big", likes: 1_000, price: 1_295, extraLikes: 500, flat: null, extraViews: 5_000 },
      { code: "ultima", likes: 10_000, price: 8_795, extraLikes: 5_000, flat: null, extraViews: 50_000 },
    ]);
  });

  it("gives every auto service 10 default posts and one-time services none", async () => {
    const rows = await db()
      .select({ type: services.serviceType, posts: services.defaultPosts })
      .from(services);
    for (const row of rows) expect(row.posts).toBe(row.type === "auto" ? 10 : null);
  });

  it("is applied idempotently and never overwrites an admin's edit", async () => {
    await db().update(services).set({ pricePer1000: "4.2500" }).where(eq(services.name, "Instagram Likes"));
    await seedDatabase(db());
    await seedDatabase(db());
    const [likes] = await db()
      .select({ price: services.pricePer1000 })
      .from(services)
      .where(eq(services.name, "Instagram Likes"));
    expect(likes?.price).toBe("4.2500");
    expect(await db().$count(services)).toBe(expected.length);
    expect(await db().$count(likesPacks)).toBe(3);
    expect(await db().$count(bannerSettings)).toBe(1);
    expect(await db().$count(blogPosts)).toBeGreaterThanOrEqual(2);
    await db().update(services).set({ pricePer1000: "4.0000" }).where(eq(services.name, "Instagram Likes"));
  });

  it("leaves what the operator deleted deleted when the shop starts again", async () => {
    const [post] = await db().select({ id: blogPosts.id }).from(blogPosts).limit(1);
    const postsBefore = await db().$count(blogPosts);
    await db().delete(services).where(eq(services.name, "Spotify Plays"));
    await db().delete(blogPosts).where(eq(blogPosts.id, post!.id));
    await seedDatabase(db());
    expect(await db().$count(services, eq(services.name, "Spotify Plays"))).toBe(0);
    expect(await db().$count(services)).toBe(expected.length - 1);
    expect(await db().$count(blogPosts)).toBe(postsBefore - 1);
  });
});
