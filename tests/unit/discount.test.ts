import { describe, expect, it } from "vitest";
import { cents } from "../../app/domain/pricing/cents.ts";
import {
  DISCOUNT_MAX_TENTHS,
  discountedCharge,
  discountedRate,
  discountedShares,
  discountPercentText,
  parseDiscountPercent,
} from "../../app/domain/pricing/discount.ts";
import { autoOrderCost, dripFeedCharge, pacedRunCharges } from "../../app/domain/pricing/price.ts";
import { apiRate } from "../../app/domain/reseller/api-services.server.ts";

describe("a discounted charge (product rules 15.28 vectors)", () => {
  it.each([
    ["$1.00 at 10%", 100, 100, 90],
    ["$0.05 at 10%: 4.5 cents, half-up", 5, 100, 5],
    ["$0.15 at 10%: 13.5 cents, half-up", 15, 100, 14],
    ["$0.14 at 10%: 12.6 cents", 14, 100, 13],
    ["$0.10 at 5%: 9.5 cents, half-up", 10, 50, 10],
    ["$0.01 at 10% stays a cent", 1, 100, 1],
    ["$0.01 at 90%: at least a cent", 1, 900, 1],
    ["$3.33 at 33.3%: 222.111 cents", 333, 333, 222],
    ["$10.00 at 12.5%", 1_000, 125, 875],
    ["$2.50 at 90%", 250, 900, 25],
    ["$123,456.78 at 0.1%", 12_345_678, 1, 12_333_332],
    ["$0.60 at no discount", 60, 0, 60],
    ["nothing at 10% is nothing", 0, 100, 0],
  ])("%s", (_case, charge, discountTenths, expected) => {
    expect(discountedCharge(cents(charge), discountTenths)).toBe(expected);
  });

  it("refuses a discount that is not whole tenths within 0 to 90%", () => {
    for (const bad of [-1, DISCOUNT_MAX_TENTHS + 1, 1000, 1.5, Number.NaN])
      expect(() => discountedCharge(cents(100), bad)).toThrow(RangeError);
  });
});

describe("an order's parts after the discount add up to the discounted total", () => {
  it("shares the total by the parts' list charges, cumulative floors", () => {
    expect(discountedShares([cents(34), cents(33), cents(33)], 100)).toEqual({
      totalCents: 90,
      shares: [30, 30, 30],
    });
    // 3 cents at 50% is 1.5, half-up 2: floor(2 x 1/3) = 0, floor(2 x 2/3) = 1, 2.
    expect(discountedShares([cents(1), cents(1), cents(1)], 500)).toEqual({
      totalCents: 2,
      shares: [0, 1, 1],
    });
  });

  it("keeps a drip-feed order's and a paced order's runs adding up exactly", () => {
    const drip = dripFeedCharge("4.0000", 100, 3);
    expect(discountedShares(drip.runCharges, 100)).toEqual({ totalCents: 108, shares: [36, 36, 36] });
    const paced = pacedRunCharges(cents(1_001), [334, 333, 333]);
    for (const discountTenths of [1, 100, 333, 875, 900]) {
      const { totalCents, shares } = discountedShares(paced, discountTenths);
      expect(totalCents).toBe(discountedCharge(cents(1_001), discountTenths));
      expect(shares.reduce((sum, share) => sum + share, 0)).toBe(totalCents);
    }
  });

  it("leaves the parts as they are with no discount", () => {
    expect(discountedShares([cents(40), cents(20)], 0)).toEqual({ totalCents: 60, shares: [40, 20] });
  });

  it("discounts an auto order's cost per post, so the total is posts x that cost", () => {
    const { costPerPost } = autoOrderCost("4.0000", 150, 10);
    expect(costPerPost).toBe(60);
    expect(discountedCharge(costPerPost, 100)).toBe(54);
  });
});

describe("the discounted rate the API shows", () => {
  it("is exact: the rate's four decimals and the discount's three", () => {
    expect(discountedRate("4.0000", 100)).toBe("3.6000000");
    expect(apiRate(discountedRate("4.0000", 100))).toBe("3.60");
    expect(apiRate(discountedRate("0.1250", 333))).toBe("0.083375");
    expect(apiRate(discountedRate("500", 125))).toBe("437.50");
    expect(discountedRate("4.0000", 0)).toBe("4.0000");
  });
});

describe("the admin's discount field", () => {
  it.each([
    ["10", 100],
    ["12.5", 125],
    ["10%", 100],
    [" 7.0 ", 70],
    ["0.1", 1],
    ["90", 900],
    ["", 0],
    ["0", 0],
  ])("reads %j as %i tenths", (typed, tenths) => {
    expect(parseDiscountPercent(typed)).toBe(tenths);
  });

  it.each(["90.1", "100", "-5", "1.25", "ten", "1e2", "5,5"])("refuses %j", (typed) => {
    expect(parseDiscountPercent(typed)).toBeNull();
  });

  it("says the discount as a percent", () => {
    expect(discountPercentText(100)).toBe("10%");
    expect(discountPercentText(125)).toBe("12.5%");
    expect(discountPercentText(5)).toBe("0.5%");
  });
});
