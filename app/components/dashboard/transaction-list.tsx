import type { Section } from "../../domain/dashboard/read-dashboard.server.ts";
import type { WalletTransaction } from "../../domain/wallet/list-transactions.server.ts";
import { formatCents } from "../../lib/format-money.ts";
import { formatDateTime } from "./format.ts";
import { EmptyState, LoadError } from "./section-state.tsx";

const TYPE_LABELS: Record<WalletTransaction["type"], string> = {
  deposit: "Deposit",
  purchase: "Purchase",
  refund: "Refund",
  adjustment: "Adjustment",
  bonus: "Bonus",
};

/** Transactions: the 20 newest ledger rows; credits green with a plus, debits red with a minus. */
export function TransactionList({ transactions }: { transactions: Section<WalletTransaction[]> }) {
  if (!transactions.ok) return <LoadError message={transactions.error} />;
  if (transactions.data.length === 0)
    return <EmptyState testId="transactions-empty">No transactions yet</EmptyState>;
  return (
    <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white px-4">
      {transactions.data.map((transaction) => {
        const sign = transaction.amountCents > 0 ? "+" : transaction.amountCents < 0 ? "−" : "";
        const colour = sign === "+" ? "text-emerald-700" : sign ? "text-red-700" : "text-slate-700";
        return (
          <li
            key={transaction.id}
            data-testid="dashboard-transaction"
            className="flex items-center gap-4 py-3"
          >
            <div className="min-w-0 flex-1">
              <p className="font-medium text-slate-900">{transaction.description}</p>
              <p className="text-sm text-slate-500">
                {TYPE_LABELS[transaction.type]} ·{" "}
                <time dateTime={transaction.createdAt}>{formatDateTime(transaction.createdAt)}</time>
              </p>
            </div>
            <p className={`font-semibold tabular-nums ${colour}`}>
              {sign}
              {formatCents(Math.abs(transaction.amountCents))}
            </p>
          </li>
        );
      })}
    </ul>
  );
}
