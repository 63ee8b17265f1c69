import { describe, expect, it } from "vitest";
import { customerCountText, replyTimeText, supportReplyText } from "../../app/domain/content/shop-figures.ts";
import { cents } from "../../app/domain/pricing/cents.ts";
import { fromPrice } from "../../app/domain/pricing/from-price.ts";

// Product rules 7.9 to 7.11: the shop's figures are its own, measured and rounded never in their favour.

describe("the from-price (product rules 7.9)", () => {
  it.each([
    // each service at its minimum quantity, half-up to the cent, at least one cent
    ["one service", [{ pricePer1000: "2.4900", orderType: "default", minQuantity: 100 }], [], 25],
    [
      "the cheapest smallest order, not the cheapest rate",
      [
        { pricePer1000: "0.5000", orderType: "default", minQuantity: 1000 },
        { pricePer1000: "3.0000", orderType: "default", minQuantity: 10 },
      ],
      [],
      3,
    ],
    [
      "a Package at its one package",
      [{ pricePer1000: "7.9500", orderType: "package", minQuantity: 1 }],
      [],
      795,
    ],
    [
      "a pack cheaper than any service",
      [{ pricePer1000: "9.0000", orderType: "default", minQuantity: 1000 }],
      [499],
      499,
    ],
    [
      "a tiny order still costs a cent",
      [{ pricePer1000: "0.0010", orderType: "default", minQuantity: 10 }],
      [],
      1,
    ],
  ] as const)("%s", (_name, services, packs, expected) => {
    expect(fromPrice(services, packs.map(cents))).toBe(expected);
  });

  it("is null with nothing to order", () => {
    expect(fromPrice([])).toBeNull();
  });
});

describe("the customer count (product rules 7.10)", () => {
  it.each([
    [0, null],
    [999, null],
    [1_000, "1,000+"],
    [1_234, "1,200+"],
    [9_999, "9,900+"],
    [56_789, "56,000+"],
    [123_456, "120,000+"],
  ])("%i customers read %s", (count, text) => {
    expect(customerCountText(count)).toBe(text);
  });
});

describe("support's reply time (product rules 7.11)", () => {
  it.each([
    [0, "1 minute"],
    [61, "2 minutes"],
    [42 * 60, "42 minutes"],
    [60 * 60, "1 hour"],
    [60 * 60 + 1, "2 hours"],
    [47 * 3600, "47 hours"],
    [48 * 3600, "2 days"],
  ])("%i seconds read %s", (seconds, text) => {
    expect(replyTimeText(seconds)).toBe(text);
  });

  it("is shown from five answers on", () => {
    expect(supportReplyText({ answered: 4, medianSeconds: 600 })).toBeNull();
    expect(supportReplyText({ answered: 5, medianSeconds: 600 })).toBe("10 minutes");
    expect(supportReplyText({ answered: 0, medianSeconds: null })).toBeNull();
  });
});
