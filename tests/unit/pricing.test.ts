import { describe, expect, it } from "vitest";
import { cents, parseDollars } from "../../app/domain/pricing/cents.ts";
import { priceLikesPack } from "../../app/domain/pricing/likes-pack.ts";
import {
  autoOrderCost,
  chargeForQuantity,
  dollarCentsOf,
  dripFeedCharge,
  partialRefund,
} from "../../app/domain/pricing/price.ts";
import { formatCents, formatRate } from "../../app/lib/format-money.ts";

describe("one-time charges (product rules 2.6 vectors)", () => {
  it.each([
    ["Instagram Likes $4.00/1000 x 150", "4.0000", 150, 60],
    ["Spotify Plays $3.50/1000 x 1,234", "3.5000", 1_234, 432],
    ["TikTok Likes $5/1000 x 50", "5.0000", 50, 25],
    ["Instagram Real Comments $500/1000 x 10", "500.0000", 10, 500],
    ["Instagram Views $1.50/1000 x 2,500", "1.5000", 2_500, 375],
  ])("%s", (_case, rate, quantity, expected) => {
    expect(chargeForQuantity(rate, quantity)).toBe(expected);
  });

  it("charges at least one cent", () => {
    expect(chargeForQuantity("0.0100", 10)).toBe(1);
    expect(chargeForQuantity("0.0000", 100)).toBe(1);
  });

  it("rounds half-up on sub-cent rates without float error", () => {
    // 0.0050 x 1000 / 1000 = half a cent → 1 cent; 1.0050 x 1000 / 1000 = 100.5 cents → 101 cents.
    expect(chargeForQuantity("0.0050", 1_000)).toBe(1);
    expect(chargeForQuantity("1.0050", 1_000)).toBe(101);
    expect(chargeForQuantity("1.0049", 1_000)).toBe(100);
  });

  it("refuses rates and quantities that are not numbers of the right shape", () => {
    expect(() => chargeForQuantity("abc", 10)).toThrow(RangeError);
    expect(() => chargeForQuantity("4.00001", 10)).toThrow(RangeError);
    expect(() => chargeForQuantity("4", 1.5)).toThrow(RangeError);
    expect(() => chargeForQuantity("4", -1)).toThrow(RangeError);
  });
});

describe("auto orders", () => {
  it("Auto Likes $4/1000, 100 per post x 10 posts: $0.40 per post, $4.00 total", () => {
    expect(autoOrderCost("4.0000", 100, 10)).toEqual({ costPerPost: 40, total: 400 });
  });

  it("Auto Views $1.50/1000, 150 per post x 7 posts: $0.23 per post, $1.61 total", () => {
    expect(autoOrderCost("1.5000", 150, 7)).toEqual({ costPerPost: 23, total: 161 });
  });
});

describe("likes pack with add-ons", () => {
  const rates = { likes: "4.0000", views: "1.5000", comments: "500.0000" };
  const big = {
    code: "big",
    likes: 1_000,
    priceCents: cents(1_295),
    extraLikes: 500,
    extraLikesFlatCents: null,
    extraViews: 5_000,
  };
  const small = {
    code: "small",
    likes: 500,
    priceCents: cents(795),
    extraLikes: 250,
    extraLikesFlatCents: cents(300),
    extraViews: 2_500,
  };

  it("prices the big pack with every add-on at $32.45, one line per part with the spec's labels", () => {
    const priced = priceLikesPack(big, { extraLikes: true, extraViews: true, comments: 20 }, rates);
    expect(priced?.lines).toEqual([
      { service_type: "instagram_likes_big_pack", part: "likes", quantity: 1_000, total_cents: 1_295 },
      { service_type: "instagram_likes_extra_big", part: "extra_likes", quantity: 500, total_cents: 200 },
      { service_type: "instagram_views", part: "views", quantity: 5_000, total_cents: 750 },
      { service_type: "real_instagram_comments", part: "comments", quantity: 20, total_cents: 1_000 },
    ]);
    expect(priced?.totalCents).toBe(3_245);
    expect(priced?.likes).toBe(1_500);
  });

  it("charges the small pack's extra 250 likes a flat $3.00", () => {
    const priced = priceLikesPack(small, { extraLikes: true, extraViews: false, comments: 0 }, rates);
    expect(priced?.totalCents).toBe(795 + 300);
    expect(priced?.lines[1]).toEqual({
      service_type: "instagram_likes_extra_small",
      part: "extra_likes",
      quantity: 250,
      total_cents: 300,
    });
  });

  it("cannot price an add-on whose service is unavailable", () => {
    expect(
      priceLikesPack(big, { extraLikes: false, extraViews: true, comments: 0 }, { ...rates, views: null }),
    ).toBeNull();
  });

  it("Big pack + extra 500 likes + extra 5,000 views + 20 comments = $32.45 (the lines by hand)", () => {
    const lines = [
      cents(1_295),
      chargeForQuantity("4.0000", 500),
      chargeForQuantity("1.5000", 5_000),
      chargeForQuantity("500.0000", 20),
    ];
    expect(lines).toEqual([1_295, 200, 750, 1_000]);
    expect(lines.reduce((sum, line) => sum + line, 0)).toBe(3_245);
  });
});

describe("partial refunds", () => {
  it("refunds the undelivered share, rounded down, never more than was charged", () => {
    expect(partialRefund(cents(1_000), 3, 1)).toBe(333);
    expect(partialRefund(cents(1_000), 100, 150)).toBe(1_000);
    expect(partialRefund(cents(1_000), 100, -5)).toBe(0);
  });
});

describe("money for people", () => {
  it("shows dollars with two decimals", () => {
    expect(formatCents(0)).toBe("$0.00");
    expect(formatCents(123_456)).toBe("$1,234.56");
  });

  it("shows a price per 1000 with two decimals, rounded half-up on the decimal text", () => {
    expect(formatRate("4.0000")).toBe("$4.00");
    expect(formatRate("1.5")).toBe("$1.50");
    expect(formatRate("0.0050")).toBe("$0.01");
    expect(formatRate("500.0000")).toBe("$500.00");
  });

  it("reads typed dollar amounts exactly", () => {
    expect(parseDollars("10")).toBe(1_000);
    expect(parseDollars("$25.5")).toBe(2_550);
    expect(parseDollars("1,234.56")).toBe(123_456);
    expect(parseDollars("10.001")).toBeNull();
    expect(parseDollars("-5")).toBeNull();
    expect(parseDollars("ten")).toBeNull();
  });
});

describe("drip-feed charges (docs/decisions/021)", () => {
  it("charges runs x quantity as one order and splits it into run shares that add up exactly", () => {
    // 3 x 101 Instagram Likes at $4.00/1000 = 303 likes: $1.212, charged $1.21.
    expect(dripFeedCharge("4.0000", 101, 3)).toEqual({ totalCents: 121, runCharges: [40, 40, 41] });
    expect(dripFeedCharge("4.0000", 150, 3)).toEqual({ totalCents: 180, runCharges: [60, 60, 60] });
    // A total below one cent per run still adds up: one cent, all of it on the last run.
    expect(dripFeedCharge("0.0100", 10, 4)).toEqual({ totalCents: 1, runCharges: [0, 0, 0, 1] });
    for (const [rate, quantity, runs] of [
      ["3.5000", 1_234, 7],
      ["0.0050", 999, 100],
      ["500.0000", 13, 9],
    ] as const) {
      const { totalCents, runCharges } = dripFeedCharge(rate, quantity, runs);
      expect(totalCents).toBe(chargeForQuantity(rate, quantity * runs));
      expect(runCharges).toHaveLength(runs);
      expect(runCharges.reduce((sum, share) => sum + share, 0)).toBe(totalCents);
    }
  });
});

describe("a Package's charge (product rules 13.10, docs/decisions/037)", () => {
  const pack = (pricePer1000: string) => ({ pricePer1000, orderType: "package" as const });

  it("is quantity x its price per package, rounded half-up to the cent, at least 1 cent", () => {
    expect(chargeForQuantity(pack("7.9500"), 1)).toBe(795);
    expect(chargeForQuantity(pack("11.9250"), 1)).toBe(1_193);
    expect(chargeForQuantity(pack("0.0049"), 1)).toBe(1);
    expect(chargeForQuantity(pack("1.2345"), 1)).toBe(123);
    expect(chargeForQuantity(pack("1.2350"), 1)).toBe(124);
    expect(chargeForQuantity(pack("7.9500"), 3)).toBe(2_385);
  });

  it("keeps the per-1000 rule for every other order type, so the vectors above are unchanged", () => {
    for (const orderType of ["default", "custom_comments"] as const)
      expect(chargeForQuantity({ pricePer1000: "4.0000", orderType }, 150)).toBe(60);
    // The issue's own case: an upstream $7.95 package is $7.95 per package, not $0.01 per 1000-rate unit.
    expect(chargeForQuantity("7.9500", 1)).toBe(1);
    expect(chargeForQuantity(pack("7.9500"), 1)).toBe(795);
  });
});

describe("a provider's charge in dollars", () => {
  it("is its amount x the currency's dollars per unit, in cents rounded up (a cost is never understated)", () => {
    expect(dollarCentsOf("0.27819", "1")).toBe(28);
    expect(dollarCentsOf("7.95", "1")).toBe(795);
    expect(dollarCentsOf("250", "0.01200000")).toBe(300);
    expect(dollarCentsOf("45.50", "0.012")).toBe(55);
    expect(dollarCentsOf("0", "0.012")).toBe(0);
  });

  it("is not read from what is not a plain decimal", () => {
    for (const amount of ["", "abc", "-1", "1e3", "1,50"]) expect(dollarCentsOf(amount, "1")).toBeNull();
  });
});
