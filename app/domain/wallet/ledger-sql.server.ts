import { type SQL, sql } from "drizzle-orm";
import type { Cents } from "../pricing/cents.ts";

/** One money movement: the ledger row to write and the signed amount that changes the balance. */
export type LedgerEntry = {
  userId: string;
  type: "deposit" | "purchase" | "refund" | "adjustment" | "bonus";
  /** Signed: credits positive, purchases negative. */
  amountCents: Cents;
  orderId?: string;
  autoOrderId?: string;
  depositId?: string;
  /** The auto order's post (its upstream submission) a partial-delivery refund is for. */
  fulfilmentId?: string;
  adminId?: string;
  paymentMethod?: string;
  paymentGatewayId?: string;
  metadata?: Record<string, unknown>;
};

/** Channel of the NOTIFY sent (at commit) for every balance change; live pages listen to it. */
export const BALANCE_CHANNEL = "balance_changed";

/**
 * The SQL pieces of one money movement, so every statement that moves money does it the same way:
 * `wallet` (the balance changes only if it stays >= 0), `ledger` (the row that records it) and the NOTIFY.
 * A statement built from them moves money, records it and announces it in one round trip.
 */
export function walletCte(entry: Pick<LedgerEntry, "userId" | "amountCents">, onlyIf?: SQL): SQL {
  return sql`wallet as (
    update users set balance_cents = balance_cents + ${entry.amountCents}, updated_at = now()
    where id = ${entry.userId} and balance_cents + ${entry.amountCents} >= 0${onlyIf ? sql` and ${onlyIf}` : sql``}
    returning id, balance_cents
  )`;
}

/** The ledger row, written only when `wallet` changed; `cause` names another CTE whose `id` is the order. */
export function ledgerCte(entry: Omit<LedgerEntry, "userId">, cause?: { orderFrom: SQL }): SQL {
  const orderId = cause ? sql`${cause.orderFrom}.id` : sql`${entry.orderId ?? null}::uuid`;
  const from = cause ? sql`wallet, ${cause.orderFrom}` : sql`wallet`;
  return sql`ledger as (
    insert into transactions
      (user_id, type, amount_cents, status, order_id, auto_order_id, deposit_id, fulfilment_id, admin_id,
       payment_method, payment_gateway_id, metadata)
    select wallet.id, ${entry.type}::transaction_type, ${entry.amountCents}, 'completed', ${orderId},
      ${entry.autoOrderId ?? null}::uuid, ${entry.depositId ?? null}::uuid, ${entry.fulfilmentId ?? null}::uuid,
      ${entry.adminId ?? null}::uuid,
      ${entry.paymentMethod ?? null}, ${entry.paymentGatewayId ?? null}, ${JSON.stringify(entry.metadata ?? {})}::jsonb
    from ${from}
    returning id
  )`;
}

/** Announces the new balance of `wallet` to the user's open pages (delivered at commit). */
export const notifyBalance: SQL = sql`pg_notify(${BALANCE_CHANNEL}, json_build_object('userId', wallet.id, 'balanceCents', wallet.balance_cents)::text)`;
