import { describe, expect, it } from "vitest";
import {
  cryptoValueCents,
  gatewayAmountCents,
  gatewayAmountText,
} from "../../app/domain/payments/gateway-amount.ts";
import { cents } from "../../app/domain/pricing/cents.ts";

// Gateways' money values (PayPal's, a BTCPay Server's) are decimal strings; they become Cents from their digits,
// never through a float (docs/decisions/058, 060), and anything that is not a plain USD amount is refused (null: no
// deposit matches it).
describe("a gateway's amount", () => {
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
    expect(gatewayAmountCents(value)).toBe(expected);
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
    expect(gatewayAmountCents(value)).toBeNull();
  });

  it("is refused when it is not a string", () => {
    for (const value of [25, 25.5, null, undefined, {}, ["25.00"]])
      expect(gatewayAmountCents(value)).toBeNull();
  });

  it("is written with two decimals", () => {
    expect(gatewayAmountText(cents(2_500))).toBe("25.00");
    expect(gatewayAmountText(cents(1_050))).toBe("10.50");
    expect(gatewayAmountText(cents(7))).toBe("0.07");
    expect(gatewayAmountCents(gatewayAmountText(cents(1_000_001)))).toBe(1_000_001);
  });
});

describe("a crypto amount's value in cents", () => {
  it("multiplies the decimal strings exactly and rounds down to the cent", () => {
    expect(cryptoValueCents("0.00050000", "50000.00")).toBe(2_500);
    expect(cryptoValueCents("0.00050001", "50000.00")).toBe(2_500); // $25.0005
    expect(cryptoValueCents("0.00049999", "50000.00")).toBe(2_499); // $24.9995
    expect(cryptoValueCents("0", "50000")).toBe(0);
    // 0.1 x 0.3 is 0.03 exactly here, where floats make it 0.030000000000000002.
    expect(cryptoValueCents("0.1", "0.3")).toBe(3);
  });

  it("refuses what is not a decimal", () => {
    expect(cryptoValueCents("-1", "50000")).toBeNull();
    expect(cryptoValueCents("1e-3", "50000")).toBeNull();
    expect(cryptoValueCents(undefined, "50000")).toBeNull();
  });
});
