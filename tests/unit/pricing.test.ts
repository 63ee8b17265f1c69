import { describe, expect, it } from "vitest";
import { cents, parseDollars } from "../../app/domain/pricing/cents.ts";
import { autoOrderCost, chargeForQuantity, partialRefund } from "../../app/domain/pricing/price.ts";
import { formatCents, formatRate } from "../../app/lib/format-money.ts";

describe("one-time charges (DECISIONS.md section 2 vectors)", () => {
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
  it("Big pack + extra 500 likes + extra 5,000 views + 20 comments = $32.45", () => {
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
