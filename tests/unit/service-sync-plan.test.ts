import { describe, expect, it } from "vitest";
import {
  planServiceSync,
  type SyncedMapping,
  type SyncedService,
  type SyncTerms,
  type UpstreamEntry,
} from "../../app/domain/fulfilment/plan-service-sync.ts";

// Each sync rule (docs/decisions/037, 040; product rules 13.23 to 13.26) on one mapped service.

const service: SyncedService = {
  pricePer1000: "6.0000",
  minQuantity: 100,
  maxQuantity: 10_000,
  orderType: "default",
  enabled: true,
};
const mapping: SyncedMapping = {
  upstreamRate: "4.000000",
  costPer1000: "4.0000",
  minQuantity: 100,
  maxQuantity: 10_000,
};
const listed = (rate: string, min = 100, max = 10_000): UpstreamEntry => ({
  listed: true,
  rate,
  min,
  max,
  listedAgain: false,
});
const follow: SyncTerms = {
  usdPerUnit: "1",
  markup: { percent: "50", minPer1000: "0" },
  onRateRise: "follow",
};
const pause: SyncTerms = { ...follow, onRateRise: "pause" };

describe("a provider sync of one mapped service", () => {
  it("changes nothing when nothing changed upstream (a round is idempotent)", () => {
    expect(planServiceSync(service, mapping, listed("4.000000"), follow)).toEqual({
      mapping: null,
      changes: [],
    });
  });

  it("reprices by the markup when a rate rise takes the price below it (follow)", () => {
    const plan = planServiceSync(service, mapping, listed("10.000000"), follow);
    expect(plan.changes).toEqual([
      { kind: "cost_changed", from: "4.0000", to: "10.0000" },
      { kind: "repriced", from: "6.0000", to: "15.0000", cost: "10.0000" },
    ]);
    expect(plan.mapping).toMatchObject({ upstreamRate: "10.000000", costPer1000: "10.0000" });
    // The same answer again: the cost is known and the price follows it, nothing more to do.
    const after = planServiceSync(
      { ...service, pricePer1000: "15.0000" },
      { ...mapping, ...plan.mapping },
      listed("10.000000"),
      follow,
    );
    expect(after).toEqual({ mapping: null, changes: [] });
  });

  it("pauses instead when the provider's policy is pause, and leaves the price", () => {
    const plan = planServiceSync(service, mapping, listed("10.000000"), pause);
    expect(plan.changes).toEqual([
      { kind: "cost_changed", from: "4.0000", to: "10.0000" },
      { kind: "paused_rate_rise", price: "6.0000", cost: "10.0000", markupPrice: "15.0000" },
    ]);
    // Paused already: the same answer changes nothing more.
    const after = planServiceSync(
      { ...service, enabled: false },
      { ...mapping, ...plan.mapping },
      listed("10.000000"),
      pause,
    );
    expect(after.changes).toEqual([]);
  });

  it("keeps a price the operator set between cost and markup until the cost rises", () => {
    // $5.00 is above the $4.00 cost but below its 50% markup ($6.00): a sync with no rise leaves it.
    expect(
      planServiceSync({ ...service, pricePer1000: "5.0000" }, mapping, listed("4.000000"), follow).changes,
    ).toEqual([]);
    // A rise that still leaves a price above its markup price changes only the cost ($7.00 >= 1.5 x $4.0001)...
    expect(
      planServiceSync({ ...service, pricePer1000: "7.0000" }, mapping, listed("4.000001"), follow).changes,
    ).toEqual([{ kind: "cost_changed", from: "4.0000", to: "4.0001" }]);
    // ...while any rise under a price at its markup follows it, to the fourth decimal, rounded up.
    expect(planServiceSync(service, mapping, listed("4.000001"), follow).changes).toEqual([
      { kind: "cost_changed", from: "4.0000", to: "4.0001" },
      { kind: "repriced", from: "6.0000", to: "6.0002", cost: "4.0001" },
    ]);
  });

  it("a falling rate changes only the cost: the margin grows", () => {
    const plan = planServiceSync(service, mapping, listed("3.000000"), follow);
    expect(plan.changes).toEqual([{ kind: "cost_changed", from: "4.0000", to: "3.0000" }]);
  });

  it("a first sync of an older mapping learns its cost, and reprices only a price below it", () => {
    const unknown = { ...mapping, upstreamRate: null, costPer1000: null };
    expect(planServiceSync(service, unknown, listed("5.000000"), follow).changes).toEqual([
      { kind: "cost_changed", from: null, to: "5.0000" },
    ]);
    expect(planServiceSync(service, unknown, listed("7.000000"), follow).changes).toEqual([
      { kind: "cost_changed", from: null, to: "7.0000" },
      { kind: "repriced", from: "6.0000", to: "10.5000", cost: "7.0000" },
    ]);
  });

  it("converts the provider's currency before comparing (250 INR at 0.012 is $3.00)", () => {
    const inr = { ...follow, usdPerUnit: "0.012" };
    const plan = planServiceSync(
      { ...service, pricePer1000: "4.5000" },
      { ...mapping, upstreamRate: "250.000000", costPer1000: "3.0000" },
      listed("625.000000"),
      inr,
    );
    expect(plan.changes).toEqual([
      { kind: "cost_changed", from: "3.0000", to: "7.5000" },
      { kind: "repriced", from: "4.5000", to: "11.2500", cost: "7.5000" },
    ]);
  });

  it("moves no cost or price without an exchange rate for the provider's currency", () => {
    const plan = planServiceSync(service, mapping, listed("1000.000000"), { ...follow, usdPerUnit: null });
    expect(plan.changes).toEqual([]);
    expect(plan.mapping).toMatchObject({ upstreamRate: "1000.000000", costPer1000: "4.0000" });
  });

  it("pauses a service the provider no longer lists, once", () => {
    expect(planServiceSync(service, mapping, { listed: false }, follow)).toEqual({
      mapping: null,
      changes: [{ kind: "paused_vanished" }],
    });
    expect(
      planServiceSync({ ...service, enabled: false }, mapping, { listed: false }, follow).changes,
    ).toEqual([]);
  });

  it("notes a service listed again without selling it again", () => {
    const again = { ...listed("4.000000"), listedAgain: true };
    expect(planServiceSync({ ...service, enabled: false }, mapping, again, follow).changes).toEqual([
      { kind: "listed_again" },
    ]);
  });

  it("narrows the limits to the provider's: the minimum up, the maximum down, never wider", () => {
    expect(planServiceSync(service, mapping, listed("4.000000", 500, 5_000), follow).changes).toEqual([
      { kind: "limits_narrowed", minQuantity: 500, maxQuantity: 5_000 },
    ]);
    expect(planServiceSync(service, mapping, listed("4.000000", 10, 50_000), follow).changes).toEqual([]);
  });

  it("pauses a service whose limits no longer overlap the provider's", () => {
    expect(planServiceSync(service, mapping, listed("4.000000", 20_000, 50_000), follow).changes).toEqual([
      { kind: "paused_limits", limits: "100-10000", upstream: "20000-50000" },
    ]);
  });

  it("keeps a Package at one unit whatever limits the provider states", () => {
    const pack = {
      ...service,
      orderType: "package",
      minQuantity: 1,
      maxQuantity: 1,
      pricePer1000: "11.9250",
    };
    const packMapping = {
      ...mapping,
      upstreamRate: "7.950000",
      costPer1000: "7.9500",
      minQuantity: 1,
      maxQuantity: 1,
    };
    expect(planServiceSync(pack, packMapping, listed("7.950000", 5, 10), follow).changes).toEqual([]);
    expect(planServiceSync(pack, packMapping, listed("19.875000", 1, 1), follow).changes).toEqual([
      { kind: "cost_changed", from: "7.9500", to: "19.8750" },
      { kind: "repriced", from: "11.9250", to: "29.8125", cost: "19.8750" },
    ]);
  });

  it("pauses under follow when the markup price is past what the catalogue holds", () => {
    const plan = planServiceSync(service, mapping, listed("90000000.000000"), follow);
    expect(plan.changes.map((change) => change.kind)).toEqual(["cost_changed", "paused_rate_rise"]);
  });
});
