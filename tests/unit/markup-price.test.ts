import { describe, expect, it } from "vitest";
import {
  costInDollars,
  decimalUnits,
  priceFromCost,
  upstreamRateText,
} from "../../app/domain/pricing/markup-price.ts";

// Decision 037's formula (product rules 13.21, 13.22): cost = rate x dollars per unit, price = max(cost x (1 +
// percent / 100), cost + minimum), each rounded up to the fourth decimal, on integers.

describe("a provider's rate in dollars", () => {
  it.each([
    ["a dollar rate is its own cost", "4", "1", "4.0000"],
    ["250 INR at 0.012 is $3.00 (the issue's provider)", "250", "0.012", "3.0000"],
    ["a Package of $7.95", "7.95", "1", "7.9500"],
    ["sub-cent digits round up, never down", "0.123401", "1", "0.1235"],
    ["a rate times a rate rounds up at the fourth decimal", "1.5", "0.33333333", "0.5000"],
    ["0.000001 of anything costs at least 0.0001", "0.000001", "0.00000001", "0.0001"],
    ["zero stays zero", "0", "0.5", "0.0000"],
  ])("%s", (_case, rate, usd, cost) => {
    expect(costInDollars(rate, usd)).toBe(cost);
  });

  it("refuses what is not a decimal, and costs past the catalogue's numeric(12, 4)", () => {
    expect(costInDollars("1e3", "1")).toBeNull();
    expect(costInDollars("-4", "1")).toBeNull();
    expect(costInDollars("4", "abc")).toBeNull();
    expect(costInDollars("100000000", "1")).toBeNull();
    expect(costInDollars("99999999.9999", "1")).toBe("99999999.9999");
  });

  it("keeps a provider's rate to six decimals, rounded up", () => {
    expect(upstreamRateText("7.95")).toBe("7.950000");
    expect(upstreamRateText(" 0.1234567 ")).toBe("0.123457");
    expect(upstreamRateText("12,5")).toBeNull();
    expect(decimalUnits("1.00000000000000000001", 4)).toBe(10_001n);
  });
});

describe("a price from a cost by the markup", () => {
  it.each([
    ["50% of $4.00", "4.0000", "50", "0", "6.0000"],
    ["50% of the INR service's $3.00", "3.0000", "50", "0", "4.5000"],
    ["the percent rounds up", "0.0001", "50", "0", "0.0002"],
    ["1/3 up of $1.00", "1.0000", "33.33", "0", "1.3333"],
    ["33.33% of $0.01 rounds up at the fourth decimal", "0.0100", "33.33", "0", "0.0134"],
    ["the minimum wins when the percent gives less", "0.5000", "10", "1", "1.5000"],
    ["the percent wins when the minimum gives less", "10.0000", "10", "0.5", "11.0000"],
    ["no markup sells at cost", "7.9500", "0", "0", "7.9500"],
    ["a Package: minimum per package", "7.9500", "0", "2.05", "10.0000"],
    ["a free service stays free at 0% and no minimum", "0.0000", "50", "0", "0.0000"],
  ])("%s", (_case, cost, percent, minimum, price) => {
    expect(priceFromCost(cost, { percent, minPer1000: minimum })).toBe(price);
  });

  it("never prices below cost, for any markup", () => {
    for (const cost of ["0.0001", "0.0099", "1.2345", "7.9500", "1234.5678"])
      for (const percent of ["0", "0.01", "12.5", "50", "1000"])
        for (const minimum of ["0", "0.0001", "1"]) {
          const price = priceFromCost(cost, { percent, minPer1000: minimum });
          expect(Number(price)).toBeGreaterThanOrEqual(Number(cost));
        }
  });

  it("refuses a price past the catalogue's numeric(12, 4)", () => {
    expect(priceFromCost("90000000.0000", { percent: "50", minPer1000: "0" })).toBeNull();
    expect(priceFromCost("x", { percent: "50", minPer1000: "0" })).toBeNull();
  });
});
