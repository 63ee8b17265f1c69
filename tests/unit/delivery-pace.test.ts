import { describe, expect, it } from "vitest";
import {
  formatDuration,
  PACE_TEXT,
  paceOrder,
  paceSentence,
  runQuantities,
} from "../../app/domain/orders/delivery-pace.ts";
import { estimatedFinish } from "../../app/domain/orders/estimated-finish.ts";
import { orderDeliveryLine, runsDelivered } from "../../app/domain/orders/order-progress.ts";
import { cents } from "../../app/domain/pricing/cents.ts";
import { chargeForQuantity, pacedRunCharges } from "../../app/domain/pricing/price.ts";

// How a delivery speed paces an order (product rules 4.20 to 4.24, docs/decisions/047).

describe("paceOrder", () => {
  it.each([
    // speed, quantity, service minimum → runs, interval minutes
    ["normal", 1_000, 100, 9, 360],
    ["normal", 500, 100, 5, 720],
    ["normal", 300, 100, 3, 1_440],
    ["slow", 1_000, 100, 10, 800],
    ["slow", 10_000, 100, 21, 360],
    ["slow", 600, 100, 6, 1_440],
    ["normal", 50_000, 10, 9, 360],
  ] as const)(
    "%s, %i units at least %i a run: %i runs every %i minutes",
    (speed, quantity, minimum, runs, interval) => {
      const verdict = paceOrder(speed, quantity, minimum);
      expect(verdict).toMatchObject({ kind: "paced", pace: { speed, runs, intervalMinutes: interval } });
      if (verdict.kind !== "paced") return;
      expect(verdict.pace.runQuantities.reduce((sum, units) => sum + units, 0)).toBe(quantity);
      expect(Math.min(...verdict.pace.runQuantities)).toBeGreaterThanOrEqual(minimum);
      // The last run is due within the speed's hours.
      expect((runs - 1) * interval).toBeLessThanOrEqual(speed === "slow" ? 7_200 : 2_880);
    },
  );

  it("is at once for Fast, and too small below a speed's least runs", () => {
    expect(paceOrder("fast", 1_000, 100)).toEqual({ kind: "at_once" });
    expect(paceOrder("normal", 299, 100)).toEqual({ kind: "too_small", speed: "normal", leastQuantity: 300 });
    expect(paceOrder("slow", 599, 100)).toEqual({ kind: "too_small", speed: "slow", leastQuantity: 600 });
  });

  it("splits units and charges so they add up exactly, and k whole runs read as k runs delivered", () => {
    for (const [quantity, runs, rate] of [
      [1_000, 9, "4.0000"],
      [1_234, 7, "3.5000"],
      [101, 3, "0.0100"],
      [999_999, 21, "1.5000"],
    ] as const) {
      const units = runQuantities(quantity, runs);
      expect(units.reduce((sum, value) => sum + value, 0)).toBe(quantity);
      expect(Math.max(...units) - Math.min(...units)).toBeLessThanOrEqual(1);
      const total = chargeForQuantity(rate, quantity);
      const shares = pacedRunCharges(total, units);
      expect(shares.reduce((sum, share) => sum + share, 0)).toBe(total);
      let delivered = 0;
      for (const [index, value] of units.entries()) {
        delivered += value;
        expect(runsDelivered({ quantity, remains: quantity - delivered, runs })).toBe(index + 1);
      }
    }
    expect(pacedRunCharges(cents(400), [112, 111, 111, 111, 111, 111, 111, 111, 111])).toEqual([
      44, 45, 44, 45, 44, 44, 45, 44, 45,
    ]);
  });
});

describe("what the pages say", () => {
  it("says before Place Order what each speed does with the quantity", () => {
    expect(paceSentence("normal", 1_000, paceOrder("normal", 1_000, 100))).toBe(
      "Normal: 1,000 delivered in 9 runs of about 111, one every 6 hours, finishing within 2-3 days.",
    );
    expect(paceSentence("slow", 1_000, paceOrder("slow", 1_000, 100))).toBe(
      "Slow: 1,000 delivered in 10 runs of about 100, one every 13 hours 20 minutes, finishing within 5-7 days.",
    );
    expect(paceSentence("fast", 1_000, paceOrder("fast", 1_000, 100))).toBe(
      "Fast: all 1,000 sent to the provider at once, delivered within 24-48 hours.",
    );
    expect(PACE_TEXT.tooSmall("normal", 300).message).toBe(
      "Normal delivery spreads an order over 2-3 days from 300 units: order more, or choose Fast.",
    );
  });

  it("names an order's delivery and durations", () => {
    const order = {
      deliverySpeed: "normal" as const,
      quantity: 1_000,
      runs: 9,
      intervalMinutes: 360,
      paced: true,
    };
    expect(orderDeliveryLine(order)).toBe("Normal (2-3 days): 9 runs of about 111, one every 6 hours");
    expect(orderDeliveryLine({ ...order, paced: false, runs: 10, intervalMinutes: 60 })).toBe(
      "Drip-feed: 10 runs, one every 60 minutes",
    );
    expect(orderDeliveryLine({ ...order, runs: null, intervalMinutes: null, paced: false })).toBe(
      "Sent at once",
    );
    expect(formatDuration(45 * 60)).toBe("45 minutes");
    expect(formatDuration(3.5 * 3_600)).toBe("3 hours 30 minutes");
    expect(formatDuration(52 * 3_600)).toBe("2 days 4 hours");
  });

  it("estimates a running order's finish only from a basis, and never in the past", () => {
    const now = new Date("2026-11-28T12:00:00Z");
    const placed = new Date("2026-11-28T10:00:00Z");
    const running = { status: "in_progress", createdAt: placed, runs: null, intervalMinutes: null };
    expect(estimatedFinish(running, 3 * 3_600, now)).toBe("2026-11-28T13:00:00.000Z");
    expect(estimatedFinish(running, null, now)).toBeNull();
    expect(estimatedFinish(running, 3_600, now)).toBeNull();
    expect(estimatedFinish({ ...running, status: "completed" }, 3 * 3_600, now)).toBeNull();
    const paced = { ...running, runs: 9, intervalMinutes: 360 };
    expect(estimatedFinish(paced, null, now)).toBe("2026-11-30T10:00:00.000Z");
    expect(estimatedFinish(paced, 3_600, now)).toBe("2026-11-30T11:00:00.000Z");
  });
});
