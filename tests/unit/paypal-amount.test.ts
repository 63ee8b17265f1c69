import { describe, expect, it } from "vitest";
import { centsToPaypalValue, paypalValueToCents } from "../../app/domain/payments/paypal-amount.ts";
import { cents } from "../../app/domain/pricing/cents.ts";

// PayPal's money values are decimal strings; they become Cents from their digits, never through a float
// (docs/decisions/058), and anything that is not a plain USD amount is refused (null: no deposit matches it).
describe("a PayPal amount", () => {
  it.each([
    ["25.00", 2_500],
    ["25", 2_500],
    ["25.5", 2_550],
    ["0.01", 1],
    ["0.10", 10],
    ["0.29", 29],
    ["1.15", 115],
    ["10000.00", 1_000_000],
    ["999999999999.99", 99_999_999_999_999],
  ])("%j is %i cents", (value, expected) => {
    expect(paypalValueToCents(value)).toBe(expected);
  });

  it.each([
    "",
    " 25.00",
    "25.00 ",
    "-25.00",
    "+25.00",
    "25.001",
    "25.",
    ".50",
    "025.00",
    "1e3",
    "25,00",
    "1,000.00",
    "0x19",
    "Infinity",
    "NaN",
    "1000000000000.00",
    "２５.00",
  ])("%j is refused", (value) => {
    expect(paypalValueToCents(value)).toBeNull();
  });

  it("is refused when it is not a string", () => {
    for (const value of [25, 25.5, null, undefined, {}, ["25.00"]])
      expect(paypalValueToCents(value)).toBeNull();
  });

  it("is written with two decimals", () => {
    expect(centsToPaypalValue(cents(2_500))).toBe("25.00");
    expect(centsToPaypalValue(cents(1_050))).toBe("10.50");
    expect(centsToPaypalValue(cents(7))).toBe("0.07");
    expect(paypalValueToCents(centsToPaypalValue(cents(1_000_001)))).toBe(1_000_001);
  });
});
