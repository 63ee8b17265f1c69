import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "../../../app/db/client.server.ts";
import { referrals, referralVisits, users } from "../../../app/db/schema.ts";
import { affiliateCodeOf } from "../../../app/domain/affiliates/affiliate-code.server.ts";
import { createAccount, uniqueEmail, Visitor } from "../../support/http.ts";

// A customer's referral link and the sign-up it brings (docs/decisions/056), through the shop's real server.

function referralCookieOf(visitor: Visitor): string | undefined {
  return /boostly_ref=([^;]+)/.exec(visitor.cookieHeader())?.[1];
}

/** Signs up through better-auth's endpoint, as the register form does, with this browser's cookies. */
async function signUp(visitor: Visitor): Promise<string> {
  const email = uniqueEmail("referred");
  const response = await visitor.request("/api/auth/sign-up/email", {
    json: { email, password: "correct-horse-9", name: "" },
  });
  expect(response.ok, await response.text()).toBe(true);
  const [user] = await db().select({ id: users.id }).from(users).where(eq(users.email, email));
  return user!.id;
}

async function referrerOf(userId: string): Promise<string | undefined> {
  const [row] = await db().select().from(referrals).where(eq(referrals.referredUserId, userId));
  return row?.affiliateId;
}

describe("GET /r/:code", () => {
  it("leads to the home page with a first-touch cookie for 30 days, and the sign-up that follows is the affiliate's", async () => {
    const affiliate = await createAccount();
    const code = await affiliateCodeOf(db(), affiliate.id);
    const visitor = new Visitor();
    const response = await visitor.request(`/r/${code}`);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const cookie = response.headers.getSetCookie().find((header) => header.startsWith("boostly_ref="));
    expect(cookie).toMatch(/; Path=\/; Max-Age=2592000; HttpOnly; SameSite=Lax/);
    const visitorId = referralCookieOf(visitor)!;
    const [visit] = await db().select().from(referralVisits).where(eq(referralVisits.visitorId, visitorId));
    expect(visit?.affiliateId).toBe(affiliate.id);

    // A second affiliate's link in the same browser changes nothing (first touch): no new cookie.
    const other = await createAccount();
    const later = await visitor.request(`/r/${await affiliateCodeOf(db(), other.id)}`);
    expect(later.status).toBe(302);
    expect(later.headers.getSetCookie()).toEqual([]);

    const customerId = await signUp(visitor);
    expect(await referrerOf(customerId)).toBe(affiliate.id);
  });

  it("leads an unknown or malformed code to the home page without a cookie", async () => {
    for (const path of ["/r/nosuchcode", "/r/not-a-code!"]) {
      const visitor = new Visitor();
      const response = await visitor.request(path);
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe("/");
      expect(referralCookieOf(visitor)).toBeUndefined();
    }
  });

  it("gives no affiliate to a sign-up without a referral visit", async () => {
    const customerId = await signUp(new Visitor());
    expect(await referrerOf(customerId)).toBeUndefined();
  });
});
