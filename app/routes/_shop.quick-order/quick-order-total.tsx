import { DiscountNote } from "../../components/order/discount-note.tsx";
import { formatCents } from "../../lib/format-money.ts";

/** The order's total (less the customer's discount, said beside it: product rules 15.29) and the balance. */
export function QuickOrderTotal({
  totalCents,
  balanceCents,
  discountTenths,
}: {
  totalCents: number | null;
  balanceCents: number;
  discountTenths: number;
}) {
  return (
    <dl className="grid grid-cols-2 gap-4 rounded-xl bg-slate-50 p-4 md:col-span-2">
      <div>
        <dt className="text-sm text-slate-600">Total cost</dt>
        <dd className="text-2xl font-bold text-slate-900" data-testid="order-total">
          {totalCents !== null ? formatCents(totalCents) : "—"}
        </dd>
      </div>
      <div>
        <dt className="text-sm text-slate-600">Account balance</dt>
        <dd className="text-2xl font-bold text-slate-900">{formatCents(balanceCents)}</dd>
      </div>
      <DiscountNote discountTenths={discountTenths} className="col-span-2" />
    </dl>
  );
}
