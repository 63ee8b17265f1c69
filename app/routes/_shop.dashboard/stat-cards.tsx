import { Link } from "react-router";
import { Card } from "../../components/ui/card.tsx";
import { formatCents, formatCount } from "../../lib/format-money.ts";

type Counts = { orders: number; autoOrders: number; tickets: number } | null;

function Stat({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Card>
      <h2 className="text-sm font-medium text-slate-600">{label}</h2>
      <p className="mt-2 text-3xl font-bold text-slate-900" data-testid={testId}>
        {value}
      </p>
    </Card>
  );
}

/** Account Balance (live), Total Orders, Auto Services and Support Tickets; "–" when a count could not be read. */
export function StatCards({ balanceCents, counts }: { balanceCents: number; counts: Counts }) {
  const show = (value: number | undefined) => (value === undefined ? "–" : formatCount(value));
  return (
    <div className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      <Card>
        <h2 className="text-sm font-medium text-slate-600">Account Balance</h2>
        <p className="mt-2 text-3xl font-bold text-slate-900" data-testid="account-balance">
          {formatCents(balanceCents)}
        </p>
        <Link to="/wallet" className="mt-3 inline-block text-sm font-medium text-brand-700 hover:underline">
          Add funds
        </Link>
      </Card>
      <Stat label="Total Orders" value={show(counts?.orders)} testId="stat-total-orders" />
      <Stat label="Auto Services" value={show(counts?.autoOrders)} testId="stat-auto-services" />
      <Stat label="Support Tickets" value={show(counts?.tickets)} testId="stat-support-tickets" />
    </div>
  );
}
