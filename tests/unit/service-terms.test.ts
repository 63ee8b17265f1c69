import { describe, expect, it } from "vitest";
import { PROMISE_TEXT } from "../../app/domain/content/shop-promises.ts";
import { CANCEL_TEXT, type CancelFacts, customerCancelOffer } from "../../app/domain/orders/cancel-rules.ts";
import {
  apiTermFlags,
  cancelTermText,
  featuresBesideTerms,
  refillTermText,
  serviceTermsOf,
} from "../../app/domain/orders/service-terms.ts";

const now = new Date("2026-11-28T12:00:00Z");
const minutesAgo = (minutes: number) => new Date(now.getTime() - minutes * 60_000);
const running: CancelFacts = {
  status: "processing",
  delivery: "provider",
  cancelRequestedAt: null,
  placedAt: minutesAgo(5),
  now,
  upstream: "not_sent",
};

describe("a service's terms (product rules 4.14)", () => {
  it.each([
    [
      { refillDays: 30, providerCancels: true },
      { refillDays: 30, cancel: "asks_provider" },
      { refill: true, cancel: true },
    ],
    [
      { refillDays: null, providerCancels: false },
      { refillDays: null, cancel: "before_sent" },
      { refill: false, cancel: false },
    ],
    [
      { refillDays: 7, providerCancels: null },
      { refillDays: 7, cancel: "while_pending" },
      { refill: true, cancel: true },
    ],
  ] as const)("%o: terms %o, API flags %o", (facts, terms, flags) => {
    expect(serviceTermsOf(facts)).toEqual(terms);
    expect(apiTermFlags(serviceTermsOf(facts))).toEqual(flags);
  });

  it("says them in the shop's words", () => {
    expect(refillTermText(30)).toBe("Refill: 30 days");
    expect(refillTermText(1)).toBe("Refill: 1 day");
    expect(refillTermText(null)).toBe("No refill");
    expect(cancelTermText("before_sent")).toBe(
      "Cancel: within 30 minutes, only until it is sent to the provider",
    );
    expect(cancelTermText("asks_provider")).toBe("Cancel: within 30 minutes; once sent, we ask the provider");
    expect(cancelTermText("while_pending")).toBe("Cancel: within 30 minutes, until our team starts it");
  });

  it("a feature typed as a refill promise is left to the terms", () => {
    expect(featuresBesideTerms(["1,000 real likes", "30-day refill", "Lifetime Refill"])).toEqual([
      "1,000 real likes",
    ]);
  });

  it("the general pages promise refill and cancel only where the service offers them (rules 4.19)", () => {
    expect(PROMISE_TEXT.refill).toContain("Where a service offers a refill");
    expect(PROMISE_TEXT.cancel).toContain("only where its provider takes cancels");
    expect(PROMISE_TEXT.cancel).not.toMatch(/stops now/);
  });
});

describe("the customer's Cancel (product rules 4.15-4.17)", () => {
  it.each([
    ["nothing sent yet", {}, { kind: "stops_now" }],
    ["with a provider that takes cancels", { upstream: "provider_cancels" }, { kind: "asks_provider" }],
    [
      "with a provider that takes none",
      { upstream: "no_cancels" },
      { kind: "none", reason: CANCEL_TEXT.noCancelsNote },
    ],
    ["a person's, pending", { delivery: "manual", status: "pending" }, { kind: "stops_now" }],
    [
      "a person's, started",
      { delivery: "manual", status: "in_progress" },
      { kind: "none", reason: CANCEL_TEXT.startedNote },
    ],
    [
      "past the window",
      { placedAt: minutesAgo(31), upstream: "provider_cancels" },
      { kind: "none", reason: CANCEL_TEXT.windowPassedNote },
    ],
    ["exactly at the window's end", { placedAt: minutesAgo(30) }, { kind: "stops_now" }],
    ["ended", { status: "completed" }, { kind: "none", reason: null }],
    ["already asked", { cancelRequestedAt: minutesAgo(1) }, { kind: "none", reason: null }],
  ] as const)("%s", (_case, change, offer) => {
    expect(customerCancelOffer({ ...running, ...change })).toEqual(offer);
  });
});
