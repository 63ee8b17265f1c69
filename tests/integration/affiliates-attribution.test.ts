import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "../../app/db/client.server.ts";
import { affiliates, referrals, referralVisits, sessions } from "../../app/db/schema.ts";
import { affiliateCodeOf } from "../../app/domain/affiliates/affiliate-code.server.ts";
import { attributeSignUp } from "../../app/domain/affiliates/attribute-sign-up.server.ts";
import {
  NEW_REFERRAL_VISITORS_PER_ADDRESS,
  recordReferralVisit,
} from "../../app/domain/affiliates/record-referral-visit.server.ts";
import { createUser } from "../support/factories.ts";
import { resetDatabase } from "../support/worker-database.ts";

// Referral links, first-touch visits and attribution at sign-up (docs/decisions/056).

beforeEach(resetDatabase);

/** A browser's visit through `affiliateId`'s link; returns the visitor cookie id the shop set. */
async function visitThrough(affiliateId: string, visitorId: string | null = null): Promise<string> {
  const visit = await recordReferralVisit(db(), {
    code: await affiliateCodeOf(db(), affiliateId),
    visitorId,
    clientIp: null,
  });
  if (!visit.visitorId) throw new Error("no visitor id");
  return visit.visitorId;
}

async function ageVisit(visitorId: string, days: number) {
  await db()
    .update(referralVisits)
    .set({ createdAt: sql`now() - make_interval(days => ${days})` })
    .where(eq(referralVisits.visitorId, visitorId));
}

describe("referral codes", () => {
  it("gives each customer one short code, made on the first ask, the same under 10 first asks at once", async () => {
    const customer = await createUser();
    const codes = await Promise.all(Array.from({ length: 10 }, () => affiliateCodeOf(db(), customer.id)));
    expect(new Set(codes).size).toBe(1);
    expect(codes[0]).toMatch(/^[a-hjkmnp-z2-9]{8}$/);
    expect(await db().$count(affiliates)).toBe(1);
    const other = await createUser();
    expect(await affiliateCodeOf(db(), other.id)).not.toBe(codes[0]);
  });
});

describe("visits through a referral link", () => {
  it("sets a visitor id on the first visit and keeps the first affiliate within the window", async () => {
    const first = await createUser();
    const second = await createUser();
    const visitorId = await visitThrough(first.id);
    const later = await recordReferralVisit(db(), {
      code: await affiliateCodeOf(db(), second.id),
      visitorId,
      clientIp: null,
    });
    expect(later).toEqual({ counted: false, reason: "earlier_visit", visitorId });
    const [visit] = await db().select().from(referralVisits).where(eq(referralVisits.visitorId, visitorId));
    expect(visit?.affiliateId).toBe(first.id);
  });

  it("lets a later link take over once the first visit is older than the window (30 days)", async () => {
    const first = await createUser();
    const second = await createUser();
    const visitorId = await visitThrough(first.id);
    await ageVisit(visitorId, 31);
    await visitThrough(second.id, visitorId);
    const [visit] = await db().select().from(referralVisits).where(eq(referralVisits.visitorId, visitorId));
    expect(visit?.affiliateId).toBe(second.id);
    expect(await db().$count(referralVisits)).toBe(1);
  });

  it("ignores a code nobody has, in any case, and records nothing", async () => {
    expect(await recordReferralVisit(db(), { code: "nosuchco", visitorId: null, clientIp: null })).toEqual({
      counted: false,
      reason: "unknown_code",
      visitorId: null,
    });
    const affiliate = await createUser();
    const code = await affiliateCodeOf(db(), affiliate.id);
    expect(
      await recordReferralVisit(db(), { code: code.toUpperCase(), visitorId: null, clientIp: null }),
    ).toMatchObject({
      counted: true,
    });
    expect(await db().$count(referralVisits)).toBe(1);
  });
});

describe("the visits table stays bounded", () => {
  it("sets the cookie for the attribution window, and stops minting visitor ids for one address past 30 an hour", async () => {
    const affiliate = await createUser();
    const code = await affiliateCodeOf(db(), affiliate.id);
    const visits = [];
    for (let i = 0; i < NEW_REFERRAL_VISITORS_PER_ADDRESS.limit + 1; i++)
      visits.push(await recordReferralVisit(db(), { code, visitorId: null, clientIp: "203.0.113.50" }));
    expect(visits[0]).toMatchObject({
      counted: true,
      setCookie: expect.stringMatching(
        /^boostly_ref=[A-Za-z0-9_-]{22}; Path=\/; Max-Age=2592000; HttpOnly; SameSite=Lax/,
      ),
    });
    expect(visits.at(-1)).toEqual({ counted: false, reason: "too_many_new_visitors", visitorId: null });
    expect(await db().$count(referralVisits)).toBe(NEW_REFERRAL_VISITORS_PER_ADDRESS.limit);
    // Another address, and a browser that kept its cookie, are not held back.
    expect(
      await recordReferralVisit(db(), { code, visitorId: null, clientIp: "203.0.113.51" }),
    ).toMatchObject({
      counted: true,
    });
  });
});

describe("attribution at sign-up", () => {
  it("gives the new customer to the link's affiliate once, even when asked 10 times at once", async () => {
    const affiliate = await createUser();
    const visitorId = await visitThrough(affiliate.id);
    const customer = await createUser();
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        attributeSignUp(db(), { userId: customer.id, visitorId, ipAddress: "203.0.113.9" }),
      ),
    );
    expect(results.filter((result) => result.attributed)).toEqual([
      { attributed: true, affiliateId: affiliate.id },
    ]);
    expect(results.filter((result) => !result.attributed)).toEqual(
      Array.from({ length: 9 }, () => ({ attributed: false, reason: "already_attributed" })),
    );
    const rows = await db().select().from(referrals);
    expect(rows).toMatchObject([{ referredUserId: customer.id, affiliateId: affiliate.id }]);
    // The visit that became a sign-up stays with its affiliate, even after the window.
    await ageVisit(visitorId, 31);
    const other = await createUser();
    await visitThrough(other.id, visitorId);
    const [visit] = await db().select().from(referralVisits).where(eq(referralVisits.visitorId, visitorId));
    expect(visit?.affiliateId).toBe(affiliate.id);
  });

  it("attributes nothing without a visit, or after the window", async () => {
    const affiliate = await createUser();
    const customer = await createUser();
    expect(await attributeSignUp(db(), { userId: customer.id, visitorId: null, ipAddress: null })).toEqual({
      attributed: false,
      reason: "no_visit",
    });
    const visitorId = await visitThrough(affiliate.id);
    await ageVisit(visitorId, 31);
    expect(await attributeSignUp(db(), { userId: customer.id, visitorId, ipAddress: null })).toEqual({
      attributed: false,
      reason: "no_visit",
    });
    expect(await db().$count(referrals)).toBe(0);
  });

  it("refuses self-referral: the affiliate's own account", async () => {
    const affiliate = await createUser();
    const visitorId = await visitThrough(affiliate.id);
    expect(await attributeSignUp(db(), { userId: affiliate.id, visitorId, ipAddress: null })).toEqual({
      attributed: false,
      reason: "self",
    });
  });

  it("refuses an address that reaches the affiliate's mailbox (dots, +tags, googlemail)", async () => {
    const affiliate = await createUser({ email: "ann.lee@gmail.com" });
    const customer = await createUser({ email: "Ann.Lee+shop@googlemail.com" });
    const visitorId = await visitThrough(affiliate.id);
    expect(await attributeSignUp(db(), { userId: customer.id, visitorId, ipAddress: null })).toEqual({
      attributed: false,
      reason: "same_mailbox",
    });
    // Another person at the same provider is a customer like any other.
    const friend = await createUser({ email: "bob.stone@gmail.com" });
    expect(await attributeSignUp(db(), { userId: friend.id, visitorId, ipAddress: null })).toEqual({
      attributed: true,
      affiliateId: affiliate.id,
    });
  });

  it("refuses a sign-up from a network address the affiliate signed in from within the window", async () => {
    const affiliate = await createUser();
    await db().insert(sessions).values({
      token: randomUUID(),
      userId: affiliate.id,
      expiresAt: sql`now() + interval '7 days'`,
      ipAddress: "198.51.100.7",
    });
    const visitorId = await visitThrough(affiliate.id);
    const customer = await createUser();
    expect(
      await attributeSignUp(db(), { userId: customer.id, visitorId, ipAddress: "198.51.100.7" }),
    ).toEqual({ attributed: false, reason: "same_address" });
    expect(await attributeSignUp(db(), { userId: customer.id, visitorId, ipAddress: "203.0.113.9" })).toEqual(
      { attributed: true, affiliateId: affiliate.id },
    );
  });
});
