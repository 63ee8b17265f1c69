import { describe, expect, it } from "vitest";
import {
  readSubscriptionFields,
  usernameFromProfile,
} from "../../app/domain/reseller/api-subscription-fields.ts";

const instagram = { platform: "instagram" as const, minQuantity: 100, maxQuantity: 100_000 };

describe("a Subscriptions add's fields (docs/decisions/023-api-subscriptions.md)", () => {
  it.each([
    ["name.with_dots", "name.with_dots"],
    ["@name", "name"],
    ["  name  ", "name"],
    ["https://www.instagram.com/name/", "name"],
    ["instagram.com/name", "name"],
    ["https://instagram.com/name/?igsh=abc", "name"],
    ["https://www.instagram.com/p/AbC123/", null],
    ["https://www.tiktok.com/@name", null],
    ["https://www.instagram.com/", null],
    ["not a name", null],
    ["", null],
  ])("takes the username of %j as %j on Instagram", (text, username) => {
    expect(usernameFromProfile(text, instagram)).toBe(username);
  });

  it("takes a profile link on the service's own platform", () => {
    expect(usernameFromProfile("https://www.tiktok.com/@name", { platform: "tiktok" })).toBe("name");
    expect(usernameFromProfile("https://www.instagram.com/name/", { platform: "tiktok" })).toBeNull();
  });

  it("places max on every post, and refuses what the shop cannot do", () => {
    const base = { username: "name", min: "100", max: "150", posts: "10" };
    expect(readSubscriptionFields(base, instagram)).toEqual({
      ok: true,
      fields: { username: "name", min: 100, max: 150, posts: 10 },
    });
    expect(readSubscriptionFields({ ...base, delay: "0", old_posts: "0", expiry: " " }, instagram).ok).toBe(
      true,
    );
    const refused = (fields: Record<string, string>) => {
      const read = readSubscriptionFields({ ...base, ...fields }, instagram);
      return read.ok ? null : [read.error, read.code];
    };
    expect(refused({ min: "99" })).toEqual(["Quantity less than minimal 100", "quantity_below_min"]);
    expect(refused({ max: "100001" })).toEqual(["Quantity more than maximal 100000", "quantity_above_max"]);
    expect(refused({ min: "151" })).toEqual(["min must not be more than max", "invalid"]);
    expect(refused({ posts: "101" })?.[0]).toBe("posts must be a whole number from 1 to 100");
    expect(refused({ delay: "30" })).toEqual(["Delay is not supported: send delay=0", "not_supported"]);
    expect(refused({ expiry: "31/12/2030" })?.[0]).toBe("Expiry is not supported: leave expiry empty");
    expect(refused({ old_posts: "3" })?.[0]).toBe("Old posts are not supported: send old_posts=0");
  });
});
