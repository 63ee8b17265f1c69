import { Link } from "react-router";
import { formatCents } from "../../lib/format-money.ts";
import { useHydrated } from "../../lib/hydrated.ts";
import { DiscountNote } from "./discount-note.tsx";

export type SummaryLine = { label: string; cents: number; testId?: string };

/**
 * The order's price lines, its total and the customer's balance (a visitor is told to sign up first). The
 * total is the one that will be charged, or "—" while the form does not hold an order (e.g. a quantity that is
 * not a count within the limits).
 */
export function OrderSummary({
  lines = [],
  totalCents,
  balanceCents,
  signedIn,
  discountTenths = 0,
}: {
  lines?: SummaryLine[];
  totalCents: number | null;
  balanceCents: number;
  signedIn: boolean;
  /** The customer's discount, already in the total (product rules 15.29): said beside it. */
  discountTenths?: number;
}) {
  return (
    <section aria-label="Price" className="rounded-xl bg-slate-50 p-4">
      {lines.length ? (
        <ul className="mb-3 space-y-1.5 border-b border-slate-200 pb-3 text-sm" data-testid="price-breakdown">
          {lines.map((line) => (
            <li key={line.label} className="flex justify-between gap-4" data-testid={line.testId}>
              <span className="text-slate-600">{line.label}</span>
              <span className="font-medium text-slate-900">{formatCents(line.cents)}</span>
            </li>
          ))}
        </ul>
      ) : null}
      <dl className="grid grid-cols-2 gap-4">
        <div>
          <dt className="text-sm text-slate-600">Total</dt>
          <dd className="text-2xl font-bold text-slate-900" data-testid="order-total">
            {totalCents !== null ? formatCents(totalCents) : "—"}
          </dd>
        </div>
        <div>
          <dt className="text-sm text-slate-600">Your balance</dt>
          <dd className="text-2xl font-bold text-slate-900" data-testid="order-balance">
            {signedIn ? formatCents(balanceCents) : "—"}
          </dd>
        </div>
      </dl>
      <DiscountNote discountTenths={discountTenths} className="mt-3" />
      {signedIn ? null : (
        <p className="mt-3 text-sm text-slate-600">
          You will create a free account before paying; this form is kept for you.
        </p>
      )}
    </section>
  );
}

/** Customer spec, generic order page: a balance below the total shows an alert with 'Add funds to continue'. */
export function InsufficientFundsAlert({
  totalCents,
  balanceCents,
  walletHref,
  onLeave,
}: {
  totalCents: number;
  balanceCents: number;
  walletHref: string;
  onLeave: () => void;
}) {
  return (
    <div
      role="status"
      className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900"
      data-testid="insufficient-funds"
    >
      This order costs {formatCents(totalCents)}; your balance is {formatCents(balanceCents)}.{" "}
      <Link
        to={walletHref}
        onClick={onLeave}
        className="font-semibold underline focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        Add funds to continue
      </Link>
    </div>
  );
}

/**
 * The server's last refusal of the whole order, for a page without JavaScript, which shows no toasts: with them,
 * the spec's toast says it, once (product rules 12.8).
 */
export function RefusalNotice({
  refusal,
}: {
  refusal: { notice: { title: string; message: string } } | undefined;
}) {
  const hydrated = useHydrated();
  if (!refusal || hydrated) return null;
  return (
    <p
      className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900"
      data-testid="order-refusal"
    >
      <strong>{refusal.notice.title}:</strong> {refusal.notice.message}
    </p>
  );
}
