import { eq, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { accountDiscounts } from "../../db/schema.ts";
import { NO_DISCOUNT } from "../pricing/discount.ts";

/**
 * The customer's discount as an order is priced with it (product rules 15.28, docs/decisions/053). The accounts
 * area writes `account_discounts`; orders read it here, and the order statement charges only while the discount
 * the order was priced with still holds (discountHeldSql), so a change is never missed.
 */

/** How long this process reuses a customer's discount for pricing an order (the statement re-checks it). */
const DISCOUNT_CACHE_MS = 5_000;
/** Customers kept at most: the oldest read goes first, so a flood of accounts cannot grow the process. */
const DISCOUNT_CACHE_ENTRIES = 10_000;

const cache = new Map<string, { discountTenths: number; readAt: number }>();

/** The customer's discount in tenths of a percent, 0 when none: read now, never from a cache. */
export async function readCustomerDiscount(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ discountTenths: accountDiscounts.discountTenths })
    .from(accountDiscounts)
    .where(eq(accountDiscounts.userId, userId));
  return row?.discountTenths ?? NO_DISCOUNT;
}

/**
 * The customer's discount for pricing an order, from this process's short-lived cache unless `fresh` (an order
 * whose statement found the discount changed is priced again on a fresh read). No discount is kept too: it is
 * what most customers have, and a stale one is caught by the statement all the same.
 */
export async function findDiscountForOrder(
  db: Executor,
  userId: string,
  options: { fresh?: boolean } = {},
): Promise<number> {
  const hit = cache.get(userId);
  if (!options.fresh && hit && Date.now() - hit.readAt < DISCOUNT_CACHE_MS) return hit.discountTenths;
  const discountTenths = await readCustomerDiscount(db, userId);
  cache.delete(userId);
  if (cache.size >= DISCOUNT_CACHE_ENTRIES) {
    const oldest = cache.keys().next().value;
    if (oldest !== undefined) cache.delete(oldest);
  }
  cache.set(userId, { discountTenths, readAt: Date.now() });
  return discountTenths;
}

/** True in a statement only while the customer's discount is still `discountTenths` (0: no row). */
export function discountHeldSql(userId: string, discountTenths: number): SQL {
  return sql`coalesce((select discount_tenths from account_discounts where user_id = ${userId}::uuid), 0) = ${discountTenths}::integer`;
}

/** Whether the customer's discount is still `discountTenths`, read on its own (what stopped a charge?). */
export async function discountHolds(db: Executor, userId: string, discountTenths: number): Promise<boolean> {
  return (await readCustomerDiscount(db, userId)) === discountTenths;
}
