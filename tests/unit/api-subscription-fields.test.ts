import { describe, expect, it } from "vitest";
import { apiRefusalError } from "../../app/domain/reseller/api-answer.ts";
import {
  readExpiry,
  readSubscriptionFields,
  usernameFromProfile,
} from "../../app/domain/reseller/api-subscription-fields.ts";

const instagram = { platform: "instagram" as const, minQuantity: 100, maxQuantity: 100_000 };

describe("readExpiry", () => {
  it("reads d/m/Y as a UTC day, today or later", () => {
    const today = new Date(Date.UTC(2026, 10, 25, 23, 30));
    expect(readExpiry("25/11/2026", today)).toBe("2026-11-25");
    expect(readExpiry("1/2/2027", today)).toBe("2027-02-01");
    expect(readExpiry("24/11/2026", today)).toBeNull();
    expect(readExpiry("29/02/2027", today)).toBeNull();
    expect(readExpiry("29/02/2028", today)).toBe("2028-02-29");
  });
});

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
      fields: { username: "name", min: 100, max: 150, posts: 10, delayMinutes: 0 },
    });
    // A delay in minutes and an expiry day (d/m/Y) are kept (docs/decisions/023).
    expect(readSubscriptionFields({ ...base, delay: "30", expiry: "31/12/2099" }, instagram)).toEqual({
      ok: true,
      fields: { username: "name", min: 100, max: 150, posts: 10, delayMinutes: 30, expiresOn: "2099-12-31" },
    });
    expect(readSubscriptionFields({ ...base, delay: "0", old_posts: "0", expiry: " " }, instagram).ok).toBe(
      true,
    );
    // posts=0 with a blank expiry, the panels' "unlimited": as many posts as one subscription holds (rules 4.26).
    expect(readSubscriptionFields({ ...base, posts: "0", expiry: "" }, instagram)).toEqual({
      ok: true,
      fields: { username: "name", min: 100, max: 150, posts: 100, delayMinutes: 0 },
    });
    const refused = (fields: Record<string, string>) => {
      const read = readSubscriptionFields({ ...base, ...fields }, instagram);
      if (read.ok) return null;
      // As the API answers it: exactly `{ error }`.
      const answer = apiRefusalError(read);
      expect(Object.keys(answer)).toEqual(["error"]);
      return answer.error;
    };
    expect(refused({ min: "99" })).toBe("Quantity less than minimal 100");
    expect(refused({ max: "100001" })).toBe("Quantity more than maximal 100000");
    expect(refused({ min: "151" })).toBe("min must not be more than max");
    const postsText = "posts must be a whole number from 1 to 100, or 0 for as many as a subscription holds";
    for (const posts of ["101", "-1", "1.5", ""]) expect(refused({ posts }), posts).toBe(postsText);
    expect(refused({ delay: "601" })).toBe("Incorrect delay: whole minutes from 0 to 600");
    expect(refused({ delay: "1.5" })).toBe("Incorrect delay: whole minutes from 0 to 600");
    for (const expiry of ["31/02/2099", "2099-12-31", "1/1/2000", "32/1/2099"])
      expect(refused({ expiry }), expiry).toBe("Incorrect expiry: a day from today on, as d/m/Y");
    expect(refused({ old_posts: "3" })).toBe("Old posts are not supported: send old_posts=0");
  });
});
