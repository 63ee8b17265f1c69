import { count, eq, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { accountAdminNotes, accountLastSignIns, orders, transactions, users } from "../../db/schema.ts";
import { isUuid } from "../ids.ts";
import { type AdminOrderWithMoney, listUserOrdersForAdmin } from "../orders/list-orders-for-admin.server.ts";
import { type Cents, cents, centsFromSql } from "../pricing/cents.ts";
import {
  type AdminTransactionRow,
  listUserTransactionsForAdmin,
} from "../wallet/list-user-transactions-for-admin.server.ts";
import { readSuspension, type Suspension } from "./suspend-account.server.ts";

/** Rows the user page shows per tab (newest first). */
const DETAIL_ROWS = 200;

export type AdminUserDetail = {
  id: string;
  email: string;
  balanceCents: Cents;
  createdAt: Date;
  emailVerified: boolean;
};

export type AdminUserTotals = {
  totalOrders: number;
  /**
   * What the user's orders cost them after refunds: the sum of their purchase ledger amounts (negative, so
   * negated) minus every refund they received. Auto orders count as orders here; an order that was
   * cancelled or failed therefore adds nothing, a partial one only its delivered share.
   */
  totalSpentCents: Cents;
  /** The sum of their completed deposit ledger rows (money that actually reached the wallet). */
  totalDepositedCents: Cents;
};

export type AdminUserPage = {
  user: AdminUserDetail;
  totals: AdminUserTotals;
  orders: AdminOrderWithMoney[];
  transactions: AdminTransactionRow[];
  /** Set while the account is suspended (product rules 15.20). */
  suspension: Suspension | null;
  /** When and from which address it last signed in (product rules 15.25). */
  lastSignIn: { signedInAt: Date; ipAddress: string | null } | null;
  /** The admins' notes (product rules 15.26), "" when none. */
  adminNotes: string;
};

/** One account for the admin's user page, or null for an unknown (or malformed) id. */
export async function readUserDetail(db: Executor, userId: string): Promise<AdminUserDetail | null> {
  if (!isUuid(userId)) return null;
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      balanceCents: users.balanceCents,
      createdAt: users.createdAt,
      emailVerified: users.emailVerified,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}

/** The four summary figures of a user (see AdminUserTotals for what each one means). */
export async function readUserTotals(db: Executor, userId: string): Promise<AdminUserTotals> {
  const [[orderCount], [money]] = await Promise.all([
    db.select({ value: count() }).from(orders).where(eq(orders.userId, userId)),
    db
      .select({
        purchases: sql<string>`coalesce(sum(${transactions.amountCents}) filter (where ${transactions.type} = 'purchase'), 0)`,
        refunds: sql<string>`coalesce(sum(${transactions.amountCents}) filter (where ${transactions.type} = 'refund'), 0)`,
        deposits: sql<string>`coalesce(sum(${transactions.amountCents}) filter (where ${transactions.type} = 'deposit' and ${transactions.status} = 'completed'), 0)`,
      })
      .from(transactions)
      .where(eq(transactions.userId, userId)),
  ]);
  const spent = -centsFromSql(money?.purchases ?? 0) - centsFromSql(money?.refunds ?? 0);
  return {
    totalOrders: Number(orderCount?.value ?? 0),
    totalSpentCents: cents(Math.max(spent, 0)),
    totalDepositedCents: centsFromSql(money?.deposits ?? 0),
  };
}

/** Everything the admin user page shows, or null for an unknown user. */
export async function readUserPage(db: Executor, userId: string): Promise<AdminUserPage | null> {
  const user = await readUserDetail(db, userId);
  if (!user) return null;
  const [totals, userOrders, userTransactions, suspension] = await Promise.all([
    readUserTotals(db, user.id),
    listUserOrdersForAdmin(db, user.id, DETAIL_ROWS),
    listUserTransactionsForAdmin(db, user.id, DETAIL_ROWS),
    readSuspension(db, user.id),
  ]);
  const [[lastSignIn], [notes]] = await Promise.all([
    db
      .select({ signedInAt: accountLastSignIns.signedInAt, ipAddress: accountLastSignIns.ipAddress })
      .from(accountLastSignIns)
      .where(eq(accountLastSignIns.userId, user.id)),
    db
      .select({ notes: accountAdminNotes.notes })
      .from(accountAdminNotes)
      .where(eq(accountAdminNotes.userId, user.id)),
  ]);
  return {
    user,
    totals,
    orders: userOrders,
    transactions: userTransactions,
    suspension,
    lastSignIn: lastSignIn ?? null,
    adminNotes: notes?.notes ?? "",
  };
}
