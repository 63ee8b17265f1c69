import { formatDateTime } from "../../components/dashboard/format.ts";
import { type OrderRunsProgress, RUN_STATE_WORDS } from "../../domain/orders/order-progress.ts";
import { formatCount } from "../../lib/format-money.ts";

/**
 * A drip-feed or paced order's runs (product rules 4.21): how many were delivered of all, and each run's units
 * left, as the runs move one by one.
 */
export function OrderRuns({ progress }: { progress: OrderRunsProgress }) {
  return (
    <div className="mt-2 text-sm text-slate-700">
      <p data-testid="order-runs">
        <span className="text-slate-500">Runs delivered: </span>
        {formatCount(progress.delivered)} of {formatCount(progress.total)}
      </p>
      {progress.runs.length > 0 ? (
        <details className="mt-1">
          <summary className="cursor-pointer text-brand-700">Remains per run</summary>
          <ol className="mt-1 space-y-0.5" data-testid="order-run-list">
            {progress.runs.map((run) => (
              <li key={run.run} className="flex flex-wrap justify-between gap-x-3">
                <span>
                  Run {run.run}: {formatCount(run.left)} of {formatCount(run.quantity)} left
                </span>
                <span className="text-slate-500">
                  {RUN_STATE_WORDS[run.state]}
                  {run.state === "due" ? (
                    <>
                      {" "}
                      <time dateTime={run.dueAt}>{formatDateTime(run.dueAt)}</time>
                    </>
                  ) : null}
                </span>
              </li>
            ))}
          </ol>
        </details>
      ) : null}
    </div>
  );
}
