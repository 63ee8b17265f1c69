import type { Section } from "../../domain/dashboard/read-dashboard.server.ts";
import type { WalletTransaction } from "../../domain/wallet/list-transactions.server.ts";
import { STATEMENT_TEXT, STATEMENT_TYPE_LABELS } from "../../domain/wallet/statement-query.ts";
import { formatCents } from "../../lib/format-money.ts";
import { formatDateTime } from "../dashboard/format.ts";
import { EmptyState, LoadError } from "../dashboard/section-state.tsx";
import { Spinner } from "../ui/spinner.tsx";

/** Where the list sits: the wallet's card, or the dashboard's Transactions tab (a framed list of its own). */
type Place = "wallet" | "dashboard";

type TransactionListProps = {
  /** The rows; on the dashboard, its section, which may have failed to load ('Error loading data'). */
  transactions: WalletTransaction[] | Section<WalletTransaction[]>;
  place: Place;
  /** The wallet's refresh: a spinner while there is nothing yet, the rows dimmed otherwise. */
  loading?: boolean;
  /** What an empty list says (a filtered statement: that nothing matches). */
  empty?: string;
};

/** The newest ledger rows: credits green with a plus, debits red with a minus. */
export function TransactionList({
  transactions,
  place,
  loading = false,
  empty = STATEMENT_TEXT.empty,
}: TransactionListProps) {
  if (!Array.isArray(transactions) && !transactions.loaded) return <LoadError message={transactions.error} />;
  const rows = Array.isArray(transactions) ? transactions : transactions.data;
  if (loading && rows.length === 0) return <Spinner label="Loading transactions" />;
  if (rows.length === 0)
    return place === "dashboard" ? (
      <EmptyState testId="transactions-empty">{empty}</EmptyState>
    ) : (
      <p data-testid="wallet-transactions-empty" className="py-6 text-center text-slate-600">
        {empty}
      </p>
    );
  const frame =
    place === "dashboard" ? "rounded-xl border border-slate-200 bg-white px-4" : loading ? "opacity-60" : "";
  return (
    <ul aria-busy={place === "wallet" ? loading : undefined} className={`divide-y divide-slate-100 ${frame}`}>
      {rows.map((transaction) => {
        const sign = transaction.amountCents > 0 ? "+" : transaction.amountCents < 0 ? "−" : "";
        const colour = sign === "+" ? "text-emerald-700" : sign ? "text-red-700" : "text-slate-700";
        return (
          <li
            key={transaction.id}
            data-testid={`${place}-transaction`}
            className="flex items-center gap-4 py-3"
          >
            <div className="min-w-0 flex-1">
              <p className="font-medium text-slate-900">{transaction.description}</p>
              <p className="text-sm text-slate-500">
                {STATEMENT_TYPE_LABELS[transaction.type]} ·{" "}
                <time dateTime={transaction.createdAt}>{formatDateTime(transaction.createdAt)}</time>
              </p>
            </div>
            <div className="shrink-0 text-right">
              <p className={`font-semibold tabular-nums ${colour}`}>
                {sign}
                {formatCents(Math.abs(transaction.amountCents))}
              </p>
              {transaction.balanceAfterCents === undefined ? null : (
                <p className="text-xs text-slate-500 tabular-nums">
                  {STATEMENT_TEXT.balanceAfter} {formatCents(transaction.balanceAfterCents)}
                </p>
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
