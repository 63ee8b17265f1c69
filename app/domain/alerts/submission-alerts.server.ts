import { sql } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { endAlertsExcept, raiseAlert } from "./raise-alert.server.ts";

type FailingPart = {
  id: string;
  held: boolean;
  part: string;
  attempts: number;
  last_error: string | null;
  order_number: string | null;
  auto_order_api_id: string | null;
  provider: string;
};

/**
 * Alerts on every submission a provider refused and that is retrying (queued again with the refusal's reason) or is
 * held for a decision (`needs_attention`), read from the fulfilments table whatever code put it there (product rules
 * 14.23). One alert per part and per episode: retrying and held are episodes of their own, and an alert ends when
 * its part leaves that state (sent, resent, refunded), so the next refusal is told again. Both states are read
 * through their partial indexes (the queue and the held list), so this stays cheap on a large table.
 */
export async function raiseSubmissionAlerts(tx: Executor): Promise<number> {
  const { rows } = await tx.execute<FailingPart>(sql`
    select f.id, f.state = 'needs_attention' as held, f.part, f.attempts, f.last_error,
      o.order_number, a.api_id::text as auto_order_api_id, p.name as provider
    from fulfilments f
    join providers p on p.id = f.provider_id
    left join orders o on o.id = f.order_id
    left join auto_orders a on a.id = f.auto_order_id
    where f.state = 'needs_attention'
      or (f.state = 'queued' and f.last_error is not null and f.attempts > 0)
    order by f.updated_at
    limit 500`);
  let raised = 0;
  const failing: string[] = [];
  for (const row of rows) {
    const subjectKey = `fulfilment:${row.id}:${row.held ? "held" : "retrying"}`;
    failing.push(subjectKey);
    const what = row.order_number
      ? `${row.order_number}${row.part === "order" ? "" : ` (${row.part})`}`
      : `auto order ${row.auto_order_api_id ?? ""}`.trim();
    const reason = row.last_error ? `The provider said: ${row.last_error}` : "";
    const id = await raiseAlert(tx, {
      kind: "submission_failing",
      subjectKey,
      title: row.held
        ? `Submission held for a decision: ${what} at ${row.provider}`
        : `Submission retrying: ${what} at ${row.provider} (${row.attempts} refused)`,
      details: reason,
      link: row.held
        ? "/admin/manual-work"
        : row.order_number
          ? `/admin/orders?q=${encodeURIComponent(row.order_number)}`
          : "/admin/auto-orders",
    });
    if (id !== null) raised += 1;
  }
  // Above the read's limit nothing ends: an alert not read this round may still hold.
  if (rows.length < 500) await endAlertsExcept(tx, "submission_failing", failing);
  return raised;
}
