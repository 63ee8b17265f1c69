import { eq, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { users } from "../../db/schema.ts";
import { type Cents, centsFromSql } from "../pricing/cents.ts";
import { type LedgerEntry, ledgerCte, notifyBalance, walletCte } from "./ledger-sql.server.ts";

/**
 * Whether the entry was posted: a debit the balance cannot afford is not (nothing written); the caller that
 * charges turns that into its refusal with the amounts ('Insufficient Balance').
 */
export type LedgerResult =
  | { posted: true; transactionId: string; balanceCents: Cents }
  | { posted: false; balanceCents: Cents };

export { BALANCE_CHANNEL, type LedgerEntry } from "./ledger-sql.server.ts";

/**
 * Moves money: updates the cached balance (only if it stays >= 0, and `onlyIf` holds when given: a condition the
 * charging area adds, read in this same statement) and writes the ledger row, in one statement inside the caller's
 * transaction, so both happen or neither. Lock order of every money write: the subject row (order, auto order,
 * deposit) first, then the wallet.
 */
export async function postLedgerEntry(tx: Executor, entry: LedgerEntry, onlyIf?: SQL): Promise<LedgerResult> {
  // One statement (one round trip): the conditional wallet update, the ledger row and the NOTIFY together.
  const result = await tx.execute<{ transaction_id: string; balance_cents: string | number }>(sql`
    with ${walletCte(entry, onlyIf)}, ${ledgerCte(entry)}
    select ledger.id as transaction_id, wallet.balance_cents, ${notifyBalance}
    from ledger, wallet`);
  const row = result.rows[0];
  if (row)
    return { posted: true, transactionId: row.transaction_id, balanceCents: centsFromSql(row.balance_cents) };
  const [current] = await tx
    .select({ balanceCents: users.balanceCents })
    .from(users)
    .where(eq(users.id, entry.userId));
  if (!current) throw new Error(`No wallet for user ${entry.userId}`);
  return { posted: false, balanceCents: current.balanceCents };
}
