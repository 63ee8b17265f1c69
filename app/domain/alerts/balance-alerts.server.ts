import { sql } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { endAlertsExcept, raiseAlert } from "./raise-alert.server.ts";

/**
 * Alerts on each provider whose last read balance is below the threshold set on its page, in its own currency
 * (product rules 14.24): once per crossing below, since the alert lasts until the balance is read at or above the
 * threshold again (or the threshold is cleared), and only then can a new crossing be told. A balance the provider
 * gave as something other than a number is not compared.
 */
export async function raiseBalanceAlerts(tx: Executor): Promise<number> {
  const { rows } = await tx.execute<{
    id: string;
    name: string;
    balance: string;
    currency: string;
    threshold: string;
  }>(sql`
    select id, name, balance, coalesce(balance_currency, currency) as currency,
      trim_scale(balance_alert_below)::text as threshold
    from providers
    where balance_alert_below is not null
      and trim(balance) ~ '^-?[0-9]+(\\.[0-9]+)?$'
      and trim(balance)::numeric < balance_alert_below`);
  let raised = 0;
  const low: string[] = [];
  for (const row of rows) {
    const subjectKey = `provider:${row.id}`;
    low.push(subjectKey);
    const id = await raiseAlert(tx, {
      kind: "provider_balance_low",
      subjectKey,
      title: `${row.name}'s balance is low: ${row.balance} ${row.currency}`,
      details: `Below the alert threshold of ${row.threshold} ${row.currency}. Top it up before its orders are refused.`,
      link: `/admin/providers/${row.id}`,
    });
    if (id !== null) raised += 1;
  }
  await endAlertsExcept(tx, "provider_balance_low", low);
  return raised;
}
