import "../support/worker-database.ts";
import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "../../app/db/client.server.ts";
import { deposits, fulfilments, moneyDays, moneyWaitingParts } from "../../app/db/schema.ts";
import { dayWindow } from "../../app/domain/admin/figures-period.ts";
import { readAdminDashboard } from "../../app/domain/admin/read-dashboard-stats.server.ts";
import { type MoneyFigures, readMoneyReport } from "../../app/domain/admin/read-money-figures.server.ts";
import { settleMoneyFigures } from "../../app/domain/admin/settle-money-figures.server.ts";
import { readAdminOrdersPage } from "../../app/domain/orders/list-orders-for-admin.server.ts";
import { cents } from "../../app/domain/pricing/cents.ts";
import { findLedgerMismatches } from "../../app/domain/wallet/check-ledger.server.ts";
import { createUser, serviceId } from "../support/factories.ts";
import { ledger, order, provider } from "../support/money-rows.ts";
import { resetDatabase } from "../support/worker-database.ts";

// The money figures (product rules 13.32-13.34, docs/decisions/041): a known set of deposits, orders, refunds and
// parts with their costs, to the cent, by day, service and provider; the same whether worked out from the rows or
// settled into money_days hour by hour, however often the round runs.

beforeEach(resetDatabase);

const at = (iso: string) => new Date(`${iso}Z`);
const WINDOW = dayWindow("2026-11-20", "2026-11-22");

/**
 * Two providers, two services, one customer:
 * - Nov 20: a $50.00 deposit (10:15); order A, $10.00 of likes, sent to Alpha at a cost of $6.00 from its rate.
 * - Nov 21: order B, $20.00 of followers, sent to Beta ($12.00 from its rate), ended partial with a quarter
 *   undelivered: $5.00 refunded at 12:00, and Beta's cost is $9.00 (a quarter of $12.00 less); a $1.00 bonus at
 *   10:00:00 exactly (not a sale).
 * - Nov 22: order D, $7.00 of likes, sent to Beta at 09:01 with no cost known and still running; order C, $5.00
 *   of likes, sent to Alpha at 09:11, which charged $3.33 itself.
 */
async function knownShop() {
  const [alpha, beta] = [await provider("Alpha Panel"), await provider("Beta Panel")];
  const [likes, followers] = [await serviceId("Instagram Likes"), await serviceId("Instagram Followers")];
  const customer = await createUser();
  await db()
    .insert(deposits)
    .values({
      userId: customer.id,
      amountCents: cents(5_000),
      provider: "sandbox",
      status: "completed",
      completedAt: at("2026-11-20T10:15:00"),
    });
  await ledger(customer.id, { type: "deposit", amountCents: 5_000, at: at("2026-11-20T10:15:00") });
  await order({
    userId: customer.id,
    serviceId: likes,
    totalCents: 1_000,
    placed: at("2026-11-20T11:05:00"),
    providerId: alpha,
    part: { costCents: cents(600) },
  });
  const b = await order({
    userId: customer.id,
    serviceId: followers,
    totalCents: 2_000,
    placed: at("2026-11-21T09:30:00"),
    providerId: beta,
    part: { costCents: cents(1_200), outcome: "partial", upstreamRemains: 250 },
  });
  await ledger(customer.id, { type: "refund", amountCents: 500, at: at("2026-11-21T12:00:00"), orderId: b });
  await ledger(customer.id, { type: "bonus", amountCents: 100, at: at("2026-11-21T10:00:00") });
  await order({
    userId: customer.id,
    serviceId: likes,
    totalCents: 500,
    placed: at("2026-11-22T09:10:00"),
    providerId: alpha,
    part: { costCents: cents(333), costFromProvider: true },
  });
  const d = await order({
    userId: customer.id,
    serviceId: likes,
    totalCents: 700,
    placed: at("2026-11-22T09:00:00"),
    providerId: beta,
    part: { costCents: null, state: "submitted", outcome: null },
  });
  expect(await findLedgerMismatches(db())).toEqual([]);
  return { d };
}

/** The report's figures that the test states, in dollars' cents. */
async function figures() {
  const report = await readMoneyReport(db(), WINDOW);
  const pick = ({
    depositsCents,
    salesCents,
    refundsCents,
    spendCents,
    profitCents,
    unknownCostParts,
  }: MoneyFigures) => ({
    depositsCents,
    salesCents,
    refundsCents,
    spendCents,
    profitCents,
    unknownCostParts,
  });
  return {
    days: report.days.map((day) => ({ day: day.day, ...pick(day), bonusesCents: day.bonusesCents })),
    totals: pick(report.totals),
    byService: report.byService.map(
      ({
        name,
        orders,
        salesCents,
        refundsCents,
        spendCents,
        profitCents,
        unknownCostParts,
        marginPercent,
      }) => ({
        name,
        orders,
        salesCents,
        refundsCents,
        spendCents,
        profitCents,
        unknownCostParts,
        marginPercent,
      }),
    ),
    byProvider: report.byProvider.map(
      ({ name, orders, salesCents, refundsCents, spendCents, profitCents, unknownCostParts }) => ({
        name,
        orders,
        salesCents,
        refundsCents,
        spendCents,
        profitCents,
        unknownCostParts,
      }),
    ),
  };
}

const EXPECTED = {
  days: [
    {
      day: "2026-11-20",
      depositsCents: 5_000,
      salesCents: 1_000,
      refundsCents: 0,
      spendCents: 600,
      profitCents: 400,
      unknownCostParts: 0,
      bonusesCents: 0,
    },
    {
      day: "2026-11-21",
      depositsCents: 0,
      salesCents: 2_000,
      refundsCents: 500,
      spendCents: 900,
      profitCents: 600,
      unknownCostParts: 0,
      bonusesCents: 100,
    },
    {
      day: "2026-11-22",
      depositsCents: 0,
      salesCents: 1_200,
      refundsCents: 0,
      spendCents: 333,
      profitCents: 867,
      unknownCostParts: 1,
      bonusesCents: 0,
    },
  ],
  totals: {
    depositsCents: 5_000,
    salesCents: 4_200,
    refundsCents: 500,
    spendCents: 1_833,
    profitCents: 1_867,
    unknownCostParts: 1,
  },
  byService: [
    // Likes: $22.00 sold, $6.00 + $3.33 spent (D's cost unknown, left out): $12.67, 57.6% of $22.00.
    {
      name: "Instagram Likes",
      orders: 3,
      salesCents: 2_200,
      refundsCents: 0,
      spendCents: 933,
      profitCents: 1_267,
      unknownCostParts: 1,
      marginPercent: 57.6,
    },
    // Followers: $20.00 less $5.00 refunded less $9.00: $6.00, 40% of the $15.00 kept.
    {
      name: "Instagram Followers",
      orders: 1,
      salesCents: 2_000,
      refundsCents: 500,
      spendCents: 900,
      profitCents: 600,
      unknownCostParts: 0,
      marginPercent: 40,
    },
  ],
  byProvider: [
    // Beta: parts charged $20.00 + $7.00, $5.00 of them undelivered, $9.00 spent (D unknown).
    {
      name: "Beta Panel",
      orders: 2,
      salesCents: 2_700,
      refundsCents: 500,
      spendCents: 900,
      profitCents: 1_300,
      unknownCostParts: 1,
    },
    {
      name: "Alpha Panel",
      orders: 2,
      salesCents: 1_500,
      refundsCents: 0,
      spendCents: 933,
      profitCents: 567,
      unknownCostParts: 0,
    },
  ],
};

async function moneyDaysTotals() {
  const [row] = await db()
    .select({
      rows: sql<number>`count(*)::int`,
      sales: sql<number>`coalesce(sum(${moneyDays.salesCents}), 0)::int`,
      spend: sql<number>`coalesce(sum(${moneyDays.spendCents}), 0)::int`,
      bonuses: sql<number>`coalesce(sum(${moneyDays.bonusesCents}), 0)::int`,
      parts: sql<number>`coalesce(sum(${moneyDays.parts}), 0)::int`,
    })
    .from(moneyDays);
  return row!;
}

describe("the money figures", () => {
  it("are exact to the cent by day, service and provider, worked out from the rows", async () => {
    await knownShop();
    expect(await figures()).toEqual(EXPECTED);
    const dashboard = await readAdminDashboard(db(), at("2026-11-22T15:00:00"), 7);
    expect(dashboard.money.totals).toMatchObject(EXPECTED.totals);
    expect(dashboard.stats).toMatchObject({ totalOrders: 4, netSalesCents: 3_700 });
  });

  it("settle hour by hour into the same figures, an hour's edge included, and settling again adds nothing", async () => {
    const { d } = await knownShop();
    // At 10:59:59 on Nov 21 the hours up to 09:00 are final: order B's charge (09:30) is not settled yet.
    await settleMoneyFigures(db(), at("2026-11-21T10:59:59"));
    expect(await moneyDaysTotals()).toMatchObject({ sales: 1_000, bonuses: 0 });
    expect(await figures()).toEqual(EXPECTED);
    // At 11:00 the 09:00 hour is final; the bonus at 10:00:00 exactly belongs to the next hour.
    await settleMoneyFigures(db(), at("2026-11-21T11:00:00"));
    expect(await moneyDaysTotals()).toMatchObject({ sales: 3_000, bonuses: 0 });
    expect(await figures()).toEqual(EXPECTED);
    await settleMoneyFigures(db(), at("2026-11-21T12:00:00"));
    expect(await moneyDaysTotals()).toMatchObject({ sales: 3_000, bonuses: 100 });
    expect(await figures()).toEqual(EXPECTED);
    // Everything up to Nov 22 14:00, C's part included, but D's part (the same hour) is still running: it waits.
    await settleMoneyFigures(db(), at("2026-11-22T15:00:00"));
    const settled = await moneyDaysTotals();
    expect(settled).toMatchObject({ sales: 4_200, spend: 1_833, parts: 3 });
    const [dPart] = await db()
      .select({ id: fulfilments.id })
      .from(fulfilments)
      .where(eq(fulfilments.orderId, d));
    expect(await db().select().from(moneyWaitingParts)).toEqual([{ fulfilmentId: dPart!.id }]);
    expect(await figures()).toEqual(EXPECTED);
    await settleMoneyFigures(db(), at("2026-11-22T15:00:00"));
    await settleMoneyFigures(db(), at("2026-11-22T15:30:00"));
    expect(await moneyDaysTotals()).toEqual(settled);
    expect(await figures()).toEqual(EXPECTED);
  });

  it("take a provider's charge that arrives after the part's hour was settled into the spend", async () => {
    const { d } = await knownShop();
    await settleMoneyFigures(db(), at("2026-11-22T15:00:00"));
    // D's part ends: its provider states its charge, $4.50, as a status answer records it.
    await db()
      .update(fulfilments)
      .set({ state: "done", outcome: "completed", costCents: cents(450), costFromProvider: true })
      .where(eq(fulfilments.orderId, d));
    const updated = {
      ...EXPECTED,
      days: EXPECTED.days.map((day) =>
        day.day === "2026-11-22" ? { ...day, spendCents: 783, profitCents: 417, unknownCostParts: 0 } : day,
      ),
      totals: { ...EXPECTED.totals, spendCents: 2_283, profitCents: 1_417, unknownCostParts: 0 },
    };
    const before = await figures();
    expect(before.days).toEqual(updated.days);
    expect(before.totals).toEqual(updated.totals);
    expect(before.byProvider.find((row) => row.name === "Beta Panel")).toMatchObject({
      spendCents: 1_350,
      profitCents: 850,
      unknownCostParts: 0,
    });
    // The next round adds the part that waited, once, and the figures stay as they are.
    await settleMoneyFigures(db(), at("2026-11-22T15:10:00"));
    expect(await db().$count(moneyWaitingParts)).toBe(0);
    expect(await moneyDaysTotals()).toMatchObject({ spend: 2_283, parts: 4 });
    expect(await figures()).toEqual(before);
  });
});

describe("an order's cost, price and margin in the admin list", () => {
  it("are the charge, the parts' cost and what is left; an unknown cost is unknown, never $0", async () => {
    const { d } = await knownShop();
    const page = await readAdminOrdersPage(db());
    const money = Object.fromEntries(page.orders.map((row) => [row.totalCents, row.money]));
    // Order A: $10.00 charged, $6.00 at Alpha: $4.00 left.
    expect(money[1_000]).toEqual({
      refundedCents: 0,
      cost: { kind: "known", costCents: 600 },
      marginCents: 400,
    });
    // Order B: $20.00, $5.00 refunded, $12.00 less its undelivered quarter: $6.00 left.
    expect(money[2_000]).toEqual({
      refundedCents: 500,
      cost: { kind: "known", costCents: 900 },
      marginCents: 600,
    });
    // Order D: no cost known yet.
    expect(page.orders.find((row) => row.id === d)?.money).toEqual({
      refundedCents: 0,
      cost: { kind: "unknown", unknownParts: 1 },
      marginCents: null,
    });
  });
});
