import type { Executor } from "../../db/client.server.ts";
import { readOrderCosts } from "../fulfilment/provider-costs.server.ts";
import { type Cents, cents } from "../pricing/cents.ts";
import { orderMargin } from "../pricing/margin.ts";
import { readOrderRefunds } from "../wallet/order-refunds.server.ts";

/**
 * What an order brought in (product rules 13.31): its charge less what was refunded and what its parts cost at
 * their providers. `cost` is "manual" for an order a person delivers (no provider cost) and "unknown" while any
 * part's cost is not known; the margin is then unknown too.
 */
export type OrderMoney = {
  refundedCents: Cents;
  cost: { kind: "manual" } | { kind: "unknown"; unknownParts: number } | { kind: "known"; costCents: Cents };
  marginCents: Cents | null;
};

/**
 * Each order with its money: its refunds and its parts' costs read by one grouped query each for these orders
 * only (a list's page, an export's batch).
 */
export async function withOrderMoney<R extends { id: string; totalCents: Cents }>(
  db: Executor,
  rows: readonly R[],
): Promise<(R & { money: OrderMoney })[]> {
  const ids = rows.map((row) => row.id);
  const [refunds, costs] = await Promise.all([readOrderRefunds(db, ids), readOrderCosts(db, ids)]);
  return rows.map((row) => {
    const refundedCents = refunds.get(row.id) ?? cents(0);
    const parts = costs.get(row.id);
    const cost: OrderMoney["cost"] = !parts
      ? { kind: "manual" }
      : parts.costCents === null
        ? { kind: "unknown", unknownParts: parts.unknownParts }
        : { kind: "known", costCents: parts.costCents };
    const costCents = cost.kind === "known" ? cost.costCents : cost.kind === "manual" ? cents(0) : null;
    return {
      ...row,
      money: {
        refundedCents,
        cost,
        marginCents: costCents === null ? null : orderMargin(row.totalCents, refundedCents, costCents),
      },
    };
  });
}
