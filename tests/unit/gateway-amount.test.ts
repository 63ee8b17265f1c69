import { describe, expect, it } from "vitest";
import { cryptoValueCents, gatewayAmountCents } from "../../app/domain/payments/gateway-amount.ts";

describe("a gateway's amount read as cents", () => {
  it("reads dollars with up to two decimals exactly", () => {
    expect(gatewayAmountCents("25.00")).toBe(2_500);
    expect(gatewayAmountCents("25.5")).toBe(2_550);
    expect(gatewayAmountCents("25")).toBe(2_500);
    expect(gatewayAmountCents("0.07")).toBe(7);
    expect(gatewayAmountCents("1234567.89")).toBe(123_456_789);
  });

  it("refuses anything else rather than guess", () => {
    for (const text of [
      "",
      "25.001",
      "-25.00",
      "+25",
      "2.5e1",
      "25,00",
      "$25",
      "12345678.00",
      "NaN",
      " . ",
    ]) {
      expect(gatewayAmountCents(text), text).toBeNull();
    }
    expect(gatewayAmountCents(25)).toBeNull();
    expect(gatewayAmountCents(null)).toBeNull();
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
