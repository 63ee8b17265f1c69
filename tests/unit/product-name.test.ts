import { describe, expect, it } from "vitest";
import { seedLikesPacks, seedServices } from "../../app/db/seed/catalogue.ts";
import {
  formatPackName,
  formatPlatformName,
  formatServiceName,
  likesPackProductName,
  orderLineName,
  orderProductName,
} from "../../app/domain/catalog/product-name.ts";

describe("one product-name formatter (product rules 3.7)", () => {
  it.each([
    ["tiktok", "TikTok"],
    ["Tiktok", "TikTok"],
    ["TIKTOK", "TikTok"],
    ["youtube", "YouTube"],
    ["Youtube", "YouTube"],
    ["instagram", "Instagram"],
    ["twitter", "Twitter"],
    ["other", "Other"],
  ])("writes the platform %s as %s", (typed, shown) => {
    expect(formatPlatformName(typed)).toBe(shown);
  });

  it.each([
    ["Real instagram comments", "Real Instagram Comments"],
    ["Instagram likes extra big", "Instagram Likes Extra Big"],
    ["Tiktok likes", "TikTok Likes"],
    ["youtube  watch   time", "YouTube Watch Time"],
    ["INSTAGRAM FOLLOWERS", "Instagram Followers"],
    ["Instagram likes per post", "Instagram Likes per Post"],
    ["Twitter (X) followers", "Twitter (X) Followers"],
    ["Instagram Auto Likes", "Instagram Auto Likes"],
  ])("writes the service %s as %s", (typed, shown) => {
    expect(formatServiceName(typed)).toBe(shown);
  });

  it("keeps every seeded service's name as the catalogue writes it", () => {
    for (const service of seedServices) expect(formatServiceName(service.name)).toBe(service.name);
  });

  it("names a pack the same on its card, its order, its toast and the API", () => {
    expect(formatPackName("BIG")).toBe("Big");
    expect(likesPackProductName("BIG")).toBe("Real Instagram Likes (Big pack)");
    expect(orderProductName({ serviceName: "Instagram Likes", packName: "BIG" })).toBe(
      "Real Instagram Likes (Big pack)",
    );
    expect(orderProductName({ serviceName: "Real instagram comments", packName: null })).toBe(
      "Real Instagram Comments",
    );
    for (const pack of seedLikesPacks)
      expect(likesPackProductName(pack.name)).toMatch(/^Real Instagram Likes \(/);
  });

  it.each([
    ["instagram_likes_big_pack", "Real Instagram Likes (Big pack)"],
    ["instagram_likes_extra_big", "Extra Instagram Likes"],
    ["instagram_views", "Extra Instagram Views"],
    ["real_instagram_comments", "Instagram Real Comments"],
    ["tiktok_likes", "TikTok Likes"],
  ])("names the order line %s as %s", (serviceType, shown) => {
    expect(orderLineName(serviceType)).toBe(shown);
  });
});
