import type { OrderMoney } from "../../domain/orders/order-money.server.ts";
import { formatCents } from "../../lib/format-money.ts";

/** An order's money as its row shows it: the headings' word for it. */
export const ORDER_MONEY_HEADING = "Money";

/**
 * What an order brought in (product rules 13.31): its charge, what was refunded, what its provider parts cost
 * and the margin left; an order a person delivers has no provider cost, and while a part's cost is not known the
 * margin is not either, which the cell says plainly.
 */
export function OrderMoneyLines({ totalCents, money }: { totalCents: number; money: OrderMoney }) {
  const { cost, marginCents, refundedCents } = money;
  return (
    <dl
      className="grid grid-cols-[auto_auto] gap-x-3 gap-y-0.5 whitespace-nowrap"
      data-testid="admin-order-money"
    >
      <dt className="text-slate-500">Charge</dt>
      <dd className="text-right tabular-nums">{formatCents(totalCents)}</dd>
      {refundedCents > 0 ? (
        <>
          <dt className="text-slate-500">Refunded</dt>
          <dd className="text-right tabular-nums">{formatCents(refundedCents)}</dd>
        </>
      ) : null}
      <dt className="text-slate-500">Provider cost</dt>
      <dd className="text-right tabular-nums" data-testid="admin-order-cost">
        {cost.kind === "known"
          ? formatCents(cost.costCents)
          : cost.kind === "manual"
            ? "No provider"
            : "Unknown"}
      </dd>
      <dt className="text-slate-500">Margin</dt>
      <dd
        className={`text-right font-medium tabular-nums ${marginCents !== null && marginCents < 0 ? "text-red-700" : ""}`}
        data-testid="admin-order-margin"
      >
        {marginCents === null ? "Unknown" : formatCents(marginCents)}
      </dd>
    </dl>
  );
}
