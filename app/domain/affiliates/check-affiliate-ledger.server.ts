import { sql } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { type Cents, centsFromSql } from "../pricing/cents.ts";

export type AffiliateLedgerMismatch = {
  affiliateId: string;
  email: string;
  balanceCents: Cents;
  ledgerCents: Cents;
};

/** Every affiliate whose commission balance differs from the sum of their affiliate ledger rows. */
export async function findAffiliateLedgerMismatches(db: Executor): Promise<AffiliateLedgerMismatch[]> {
  const result = await db.execute<{
    user_id: string;
    email: string;
    balance_cents: string;
    ledger_cents: string;
  }>(sql`
    select a.user_id, u.email, a.balance_cents, coalesce(l.total, 0) as ledger_cents
    from affiliates a
    join users u on u.id = a.user_id
    left join (select affiliate_id, sum(amount_cents) as total from affiliate_ledger group by affiliate_id) l
      on l.affiliate_id = a.user_id
    where a.balance_cents <> coalesce(l.total, 0)
    order by u.email`);
  return result.rows.map((row) => ({
    affiliateId: row.user_id,
    email: row.email,
    balanceCents: centsFromSql(row.balance_cents),
    ledgerCents: centsFromSql(row.ledger_cents),
  }));
}
