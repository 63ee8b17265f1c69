import { sql } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { type Cents, centsFromSql } from "../pricing/cents.ts";

export type LedgerMismatch = { userId: string; email: string; balanceCents: Cents; ledgerCents: Cents };

/** Every user whose cached balance differs from the sum of their ledger rows (empty when the books balance). */
export async function findLedgerMismatches(db: Executor): Promise<LedgerMismatch[]> {
  const result = await db.execute<{
    user_id: string;
    email: string;
    balance_cents: string;
    ledger_cents: string;
  }>(sql`
    select u.id as user_id, u.email, u.balance_cents, coalesce(t.total, 0) as ledger_cents
    from users u
    left join (select user_id, sum(amount_cents) as total from transactions group by user_id) t on t.user_id = u.id
    where u.balance_cents <> coalesce(t.total, 0)
    order by u.email`);
  return result.rows.map((row) => ({
    userId: row.user_id,
    email: row.email,
    balanceCents: centsFromSql(row.balance_cents),
    ledgerCents: centsFromSql(row.ledger_cents),
  }));
}
