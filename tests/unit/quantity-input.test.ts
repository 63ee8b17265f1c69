import { describe, expect, it } from "vitest";
import {
  countOnLeaving,
  POSTS_RULES,
  parseCount,
  perPostRules,
  quantityRules,
  readCount,
  sentCount,
  stripLeadingZeros,
} from "../../app/domain/orders/quantity-input.ts";

// TikTok Likes: 50 to 20,000 (customer spec section 9).
const tiktokLikes = quantityRules({ minQuantity: 50, maxQuantity: 20_000 });
const message = "Quantity must be between 50 and 20,000.";

describe("reading a typed count (docs/decisions/011-typed-counts.md)", () => {
  it.each([
    ["50", 50],
    ["150", 150],
    ["20000", 20_000],
    [" 150 ", 150],
  ])("%j is a count within the limits: %i", (text, value) => {
    expect(readCount(text, tiktokLikes)).toEqual({ kind: "valid", value });
  });

  it.each(["", "  ", "0", "1", "49", "00"])("%j becomes the minimum on leaving the field", (text) => {
    expect(readCount(text, tiktokLikes)).toEqual({ kind: "resets", to: 50 });
    expect(countOnLeaving(text, tiktokLikes)).toBe("50");
  });

  it.each([
    "150.5",
    "-500",
    "+150",
    "1e3",
    "١٥٠",
    "１５０",
    "99999999999",
    "1234567890",
    "20001",
    "1,000",
    "1 000",
    "0x10",
    "Infinity",
    "NaN",
    "ten",
  ])("%j stays as typed, with the spec's message", (text) => {
    expect(readCount(text, tiktokLikes)).toEqual({
      kind: "invalid",
      notice: { title: "Invalid quantity", message },
    });
    expect(countOnLeaving(text, tiktokLikes)).toBe(text);
  });

  it("reads posts 1 to 100 without raising 0 to 1, and says nothing while the field is empty", () => {
    expect(readCount("10", POSTS_RULES)).toEqual({ kind: "valid", value: 10 });
    expect(readCount("", POSTS_RULES)).toEqual({ kind: "empty" });
    expect(countOnLeaving("", POSTS_RULES)).toBe("");
    for (const text of ["0", "2.5", "101", "-1", "1e2"]) {
      expect(readCount(text, POSTS_RULES)).toEqual({
        kind: "invalid",
        notice: { title: "Invalid Posts", message: "Number of posts must be between 1 and 100." },
      });
    }
  });

  it("names engagement per post in the auto services' message", () => {
    const rules = perPostRules({ minQuantity: 100, maxQuantity: 100_000 });
    expect(readCount("100001", rules)).toMatchObject({
      kind: "invalid",
      notice: { message: "Engagement per post must be between 100 and 100,000." },
    });
    expect(readCount("5", rules)).toEqual({ kind: "resets", to: 100 });
  });

  it("strips leading zeros of a count as typed, and leaves any other text alone", () => {
    expect(stripLeadingZeros("0200")).toBe("200");
    expect(stripLeadingZeros("000")).toBe("0");
    expect(stripLeadingZeros("0")).toBe("0");
    expect(stripLeadingZeros("200")).toBe("200");
    expect(stripLeadingZeros("0150.5")).toBe("0150.5");
    expect(stripLeadingZeros("-0500")).toBe("-0500");
    expect(stripLeadingZeros("")).toBe("");
  });
});

describe("a count as the server reads it", () => {
  it("accepts one to nine ASCII digits only", () => {
    expect(parseCount("150")).toBe(150);
    expect(parseCount(" 150 ")).toBe(150);
    expect(parseCount("999999999")).toBe(999_999_999);
    for (const text of ["", "150.5", "-500", "+150", "1e3", "١٥٠", "99999999999", "0x10", " "])
      expect(parseCount(text)).toBeNull();
  });

  it("hands the domain NaN for anything else, which it refuses like a count out of range", () => {
    expect(sentCount("150")).toBe(150);
    expect(sentCount(undefined)).toBeNaN();
    for (const text of ["150.5", "-500", "+150", "1e3", "١٥٠", "99999999999", "0x10", " ", ""])
      expect(sentCount(text)).toBeNaN();
  });
});
