import { describe, expect, it } from "vitest";
import { readDepositAmount } from "../../app/domain/payments/deposit-form.ts";
import { cents, parseDollars } from "../../app/domain/pricing/cents.ts";

describe("a dollar amount typed by a person", () => {
  it.each([
    ["10", 1_000],
    ["10.5", 1_050],
    ["10.50", 1_050],
    ["$10.50", 1_050],
    [" $25 ", 2_500],
    ["1,000", 100_000],
    ["1,000.50", 100_050],
    ["10,000", 1_000_000],
    ["1,234,567.89", 123_456_789],
  ])("%j is %i cents", (text, expected) => {
    expect(parseDollars(text)).toBe(expected);
  });

  it.each([
    "10,50",
    "1,00",
    "1,0000",
    "10,5",
    ",100",
    "1,000,00",
    "1000,50",
    "10.",
    ".50",
    "10.001",
    "-5",
    "ten",
    "$",
    "1e3",
    "١٠",
  ])("%j is not an amount (never multiplied into another one)", (text) => {
    expect(parseDollars(text)).toBeNull();
  });
});

describe("the wallet's Add Funds amount", () => {
  const limits = { minCents: cents(1_000), maxCents: cents(1_000_000) };

  /** The refusal titled 'Invalid Amount' (the server's answer); the page says its message beside the amount field, once. */
  const refused = (message: string) => ({
    ok: false,
    kind: "invalid",
    title: "Invalid Amount",
    message,
    field: "amount",
  });

  it("explains a comma used for cents", () => {
    expect(readDepositAmount("10,50")).toEqual(
      refused("Use a point for cents, for example 10.50 (a comma only separates thousands, as in 1,000)."),
    );
    expect(readDepositAmount("abc")).toEqual(refused("Enter an amount in dollars, for example 25 or 25.50."));
  });

  it("keeps the spec's minimum text for nothing typed or too little, and the maximum's", () => {
    expect(readDepositAmount("", limits)).toEqual(refused("Minimum deposit is $10"));
    expect(readDepositAmount("9.99", limits)).toEqual(refused("Minimum deposit is $10"));
    expect(readDepositAmount("10,000.01", limits)).toEqual(refused("Maximum deposit is $10,000"));
    // The server reads the amount without limits and leaves them to the deposit itself (fresh settings).
    expect(readDepositAmount("")).toEqual({ ok: true, amountCents: 0 });
  });

  it("reads $10.50 as 1,050 cents", () => {
    expect(readDepositAmount("$10.50", limits)).toEqual({ ok: true, amountCents: 1_050 });
  });
});
