import { describe, expect, it } from "vitest";
import { REFILL_WINDOW_DAYS, refillFeature } from "../../app/domain/catalog/refill-window.ts";
import { ourRefillState } from "../../app/domain/fulfilment/upstream-status.ts";
import { refillProgress } from "../../app/domain/refills/refill-progress.ts";
import { refillRefusalOf } from "../../app/domain/refills/refill-rules.ts";
import { REFILL_STATUS_WORDS } from "../../app/domain/refills/refill-status.ts";

const DAY = 24 * 60 * 60 * 1000;
const now = new Date("2025-06-30T12:00:00Z");
const facts = {
  orderStatus: "completed",
  refillDays: REFILL_WINDOW_DAYS,
  endedAt: new Date(now.getTime() - 10 * DAY),
  hasOpenRefill: false,
  now,
};

describe("the refill rule (product rules 4.7)", () => {
  it("promises the public pages' 30 days from one constant", () => {
    expect(REFILL_WINDOW_DAYS).toBe(30);
    expect(refillFeature()).toBe("30-day refill");
  });

  it("allows a completed or partial order of a refillable service within its window, with no open refill", () => {
    expect(refillRefusalOf(facts)).toBeNull();
    expect(refillRefusalOf({ ...facts, orderStatus: "partial" })).toBeNull();
    // The last moment of the window still counts.
    expect(refillRefusalOf({ ...facts, endedAt: new Date(now.getTime() - 30 * DAY) })).toBeNull();
  });

  it.each([
    [{ refillDays: null }, "refill_not_available"],
    [{ orderStatus: "pending" }, "refill_order_not_ended"],
    [{ orderStatus: "cancelled" }, "refill_order_not_ended"],
    [{ endedAt: null }, "refill_order_not_ended"],
    [{ endedAt: new Date(now.getTime() - 30 * DAY - 1) }, "refill_window_passed"],
    [{ hasOpenRefill: true }, "refill_in_progress"],
  ])("refuses %o with the code %s", (change, code) => {
    expect(refillRefusalOf({ ...facts, ...change })).toMatchObject({ ok: false, code });
  });
});

describe("a provider refill's status from its parts", () => {
  const part = (over: Partial<Parameters<typeof refillProgress>[0][number]>) => ({
    done: false,
    outcome: null,
    upstream: null,
    error: null,
    ...over,
  });

  it("is pending, then in progress, then completed or rejected", () => {
    expect(refillProgress([part({})])).toEqual({ status: "pending", error: null });
    expect(refillProgress([part({ upstream: "pending" })]).status).toBe("pending");
    expect(refillProgress([part({ upstream: "in_progress" })]).status).toBe("in_progress");
    expect(refillProgress([part({ done: true, outcome: "completed" })])).toEqual({
      status: "completed",
      error: null,
    });
    expect(refillProgress([part({ done: true, outcome: "rejected", error: "No" })])).toEqual({
      status: "rejected",
      error: "No",
    });
  });

  it("completes a pack's refill when one part was refilled, keeping the other's refusal", () => {
    const parts = [
      part({ done: true, outcome: "completed" }),
      part({ done: true, outcome: "rejected", error: "Refill is disabled for this service" }),
    ];
    expect(refillProgress(parts)).toEqual({
      status: "completed",
      error: "Refill is disabled for this service",
    });
    expect(refillProgress([parts[0]!, part({ upstream: "pending" })]).status).toBe("in_progress");
  });

  it("reads providers' refill words forgivingly, and says them in the panels' words", () => {
    expect(ourRefillState("Completed")).toBe("completed");
    expect(ourRefillState(" in progress ")).toBe("in_progress");
    expect(ourRefillState("Rejected")).toBe("rejected");
    expect(ourRefillState("Canceled")).toBe("rejected");
    expect(ourRefillState("Exploded")).toBeNull();
    expect(REFILL_STATUS_WORDS).toEqual({
      pending: "Pending",
      in_progress: "In progress",
      completed: "Completed",
      rejected: "Rejected",
    });
  });
});
