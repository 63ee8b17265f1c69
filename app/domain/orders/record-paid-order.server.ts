import { and, eq, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { isForeignKeyViolation, isUniqueViolation } from "../../db/database-error.ts";
import { executePrepared } from "../../db/prepared-statement.server.ts";
import { type OrderMetadata, orders, users } from "../../db/schema.ts";
import {
  type DeliveryPart,
  deliveryCte,
  deliveryRouteCtes,
  notifyFulfilmentDue,
  orderDeliverySql,
  partsAtCostSql,
} from "../fulfilment/order-delivery-sql.server.ts";
import { WHOLE_ORDER_PART } from "../fulfilment/part-outcomes.ts";
import { type Cents, cents, centsFromSql } from "../pricing/cents.ts";
import { type Refusal, refuse } from "../refusal.ts";
import { ledgerCte, notifyBalance, walletCte } from "../wallet/ledger-sql.server.ts";
import { discountHeldSql, discountHolds } from "./customer-discount.server.ts";
import { ACTIVE_ORDER_WITH_LINK, BELOW_COST, insufficientBalance, ORDER_TEXT } from "./messages.ts";
import {
  type OrderGuard,
  orderGuardCtes,
  orderGuardRecheckSql,
  orderGuardRefusalSql,
  orderGuardSql,
} from "./order-guard.server.ts";
import type { DripFeed } from "./order-types.ts";

/** An order whose price the server computed and whose input it checked, ready to be paid and stored. */
export type OrderDraft = {
  userId: string;
  serviceId: string;
  serviceName: string;
  likesPackId?: string;
  quantity: number;
  targetLink: string;
  deliverySpeed: "slow" | "normal" | "fast";
  totalCents: Cents;
  /**
   * The customer's discount the total was priced with, in tenths of a percent (0: none). The statement charges
   * only while it still holds (product rules 15.28).
   */
  discountTenths: number;
  metadata: OrderMetadata;
  idempotencyKey?: string;
  createdByAdminId?: string;
  /** How the order is delivered, part by part; absent: one part, the whole order as its service. */
  parts?: DeliveryPart[];
  /** A drip-feed order (docs/decisions/021): `quantity` is runs x the quantity of one run. */
  dripFeed?: DripFeed;
  /** True when `dripFeed` is the delivery speed's pace (product rules 4.20), not a drip-feed the customer set. */
  paced?: boolean;
  /** A custom comments order's comments, one per line. */
  comments?: string;
};

/**
 * Something the order was checked against changed since (see order-guard), or the customer's discount did: nothing
 * was charged; price it again on fresh reads.
 */
export type GuardFailed = { guardFailed: true };

export type PlacedOrder = {
  ok: true;
  order: { id: string; orderNumber: string; totalCents: Cents; serviceName: string };
  balanceCents: Cents;
  /** True when this answers a repeated idempotency key: the first order, nothing charged again. */
  replayed: boolean;
};

/** The parts an order is delivered as: its own, or the one part of a one-service order. */
function partsOf(draft: OrderDraft): DeliveryPart[] {
  return (
    draft.parts ?? [
      {
        part: WHOLE_ORDER_PART,
        serviceId: draft.serviceId,
        quantity: draft.quantity,
        chargeCents: draft.totalCents,
        comments: draft.comments,
      },
    ]
  );
}

/**
 * The one statement that charges the wallet, stores the order and its ledger row, gives the order its delivery
 * path (its submissions, queued for the worker, or the manual queue) and announces the balance. It charges only
 * when every part's charge covers the known cost of what it sends upstream (product rules 13.12), read in this
 * very statement, whatever the draft's price was computed from, and while the customer's discount is still the one
 * the draft was priced with (product rules 15.28).
 */
export function paidOrderStatement(draft: OrderDraft, guard?: OrderGuard): SQL {
  const charge = { userId: draft.userId, amountCents: cents(-draft.totalCents) };
  const newOrder = sql.raw("new_order");
  const atCost = sql`${partsAtCostSql} and ${discountHeldSql(draft.userId, draft.discountTenths)}`;
  const condition = guard ? sql`${orderGuardSql(guard)} and ${atCost}` : atCost;
  return sql`
    with ${withLeading(orderGuardCtes(guard))}${deliveryRouteCtes(partsOf(draft))},
    ${walletCte(charge, condition)},
    new_order as (
      insert into orders (user_id, service_id, likes_pack_id, quantity, target_link, total_cents, delivery_speed,
        metadata, idempotency_key, created_by_admin_id, delivery, runs, interval_minutes, paced, comments)
      select wallet.id, ${draft.serviceId}, ${draft.likesPackId ?? null}::uuid, ${draft.quantity}, ${draft.targetLink},
        ${draft.totalCents}, ${draft.deliverySpeed}::delivery_speed, ${JSON.stringify(draft.metadata)}::jsonb,
        ${draft.idempotencyKey ?? null}, ${draft.createdByAdminId ?? null}::uuid, ${orderDeliverySql},
        ${draft.dripFeed?.runs ?? null}::integer, ${draft.dripFeed?.intervalMinutes ?? null}::integer,
        ${draft.paced === true}::boolean, ${draft.comments ?? null}::text
      from wallet
      returning id, order_number, total_cents, target_link
    ),
    ${deliveryCte(newOrder)},
    ${ledgerCte(
      {
        type: "purchase",
        amountCents: charge.amountCents,
        adminId: draft.createdByAdminId,
        metadata: { service_name: draft.serviceName },
      },
      { orderFrom: newOrder },
    )}${answerSql(orderGuardRefusalSql(guard))}`;
}

/**
 * The statement's answer: the order and the new balance (no row when nothing was charged). With an authorisation
 * verdict, always one row, which carries the verdict (null columns of the order when nothing was charged).
 */
function answerSql(refusal: SQL | undefined): SQL {
  const charged = sql`select new_order.id, new_order.order_number, new_order.total_cents, wallet.balance_cents,
      ${notifyBalance} as notified_balance, ${notifyFulfilmentDue} as notified_fulfilment
    from new_order, wallet, ledger`;
  if (!refusal)
    return sql`
    ${charged}`;
  return sql`,
    charged as (${charged})
    select charged.id, charged.order_number, charged.total_cents, charged.balance_cents,
      ${refusal} as authorisation_refusal
    from (select 1) as answer left join charged on true`;
}

/**
 * Charges the wallet and stores the order in ONE statement (one round trip, atomic): the wallet update only
 * matches when the balance affords the total, the order and its ledger row are inserted from its result, and
 * the NOTIFY announces the new balance. The same idempotency key from the same user returns the first order
 * and charges nothing (a second insert violates the unique key and the whole statement, debit included, is
 * undone); a wallet that cannot afford it is charged nothing and nothing is stored. A discount changed since the
 * draft was priced answers GuardFailed (nothing charged): price it again.
 */
export function recordPaidOrder(
  db: Executor,
  draft: OrderDraft,
): Promise<PlacedOrder | Refusal | GuardFailed> {
  return chargeAndStore(db, draft);
}

/**
 * recordPaidOrder for an order priced from a service read before (possibly from the per-process cache): the
 * statement charges only while `guard` still holds, and answers GuardFailed (nothing charged) when it does not.
 */
export function recordGuardedOrder(
  db: Executor,
  draft: OrderDraft,
  guard: OrderGuard,
): Promise<PlacedOrder | Refusal | GuardFailed> {
  return chargeAndStore(db, draft, guard);
}

async function chargeAndStore(
  db: Executor,
  draft: OrderDraft,
  guard?: OrderGuard,
): Promise<PlacedOrder | Refusal | GuardFailed> {
  try {
    const result = await executePrepared<{
      id: string;
      order_number: string;
      total_cents: string | number;
      balance_cents: string | number;
      authorisation_refusal?: unknown;
    }>(db, paidOrderStatement(draft, guard));
    const row = result.rows[0];
    // Refused by the authorisation itself (the API key revoked or past its limit), as the statement saw it.
    if (row && !row.id && row.authorisation_refusal)
      return refuse("forbidden", ORDER_TEXT.orderFailed, { authorisation: row.authorisation_refusal });
    if (row?.id) {
      return {
        ok: true,
        order: {
          id: row.id,
          orderNumber: row.order_number,
          totalCents: centsFromSql(row.total_cents),
          serviceName: draft.serviceName,
        },
        balanceCents: centsFromSql(row.balance_cents),
        replayed: false,
      };
    }
  } catch (error) {
    // The service (or pack) was deleted by an admin while this order waited for its row: nothing was stored.
    if (isForeignKeyViolation(error))
      return refuse("invalid", ORDER_TEXT.serviceError, { field: "serviceId" });
    // Read nothing more: the caller's transaction, if any, is over (a repeated key reaches the unique key below).
    if (isUniqueViolation(error, ACTIVE_ORDER_WITH_LINK)) return activeOrderWithLink();
    if (!isUniqueViolation(error, "orders_user_idempotency_key_idx")) throw error;
    return replay(db, draft);
  }
  // Nothing was charged. A repeated key whose first order went through must still get that order back, even
  // when the wallet could not pay a second time (the unique key is only reached when the debit succeeds).
  if (draft.idempotencyKey && (await findByKey(db, draft))) return replay(db, draft);
  if (guard) {
    const check = await db.execute<{ holds: boolean }>(sql`select ${orderGuardRecheckSql(guard)} as holds`);
    if (!check.rows[0]?.holds) return { guardFailed: true };
  }
  if (!(await discountHolds(db, draft.userId, draft.discountTenths))) return { guardFailed: true };
  if (!(await coversCost(db, draft)))
    return refuse("unavailable", ORDER_TEXT.belowCost, { code: BELOW_COST, field: "serviceId" });
  const [wallet] = await db
    .select({ balanceCents: users.balanceCents })
    .from(users)
    .where(eq(users.id, draft.userId));
  const balanceCents = wallet?.balanceCents ?? cents(0);
  // The wallet affords it now: what stopped the charge no longer holds (a price changed back, a cost fell, money
  // arrived): never blame the balance. A guarded order is checked again; another is refused to retry.
  if (balanceCents >= draft.totalCents)
    return guard ? { guardFailed: true } : refuse("conflict", ORDER_TEXT.orderFailed);
  return refuse("insufficient_funds", insufficientBalance(draft.totalCents, balanceCents), {
    balanceCents,
    totalCents: draft.totalCents,
  });
}

/** A second order on a link whose order on the same service has not ended (product rules 4.27): nothing charged. */
export function activeOrderWithLink(): Refusal {
  return refuse("conflict", ORDER_TEXT.activeOrderWithLink, {
    field: "targetLink",
    code: ACTIVE_ORDER_WITH_LINK,
  });
}

/** The statement's floor read again on its own, with no side effects: whether it is what stopped the charge. */
async function coversCost(db: Executor, draft: OrderDraft): Promise<boolean> {
  const check = await db.execute<{ at_cost: boolean }>(
    sql`with ${deliveryRouteCtes(partsOf(draft))} select ${partsAtCostSql} as at_cost`,
  );
  return check.rows[0]?.at_cost !== false;
}

function withLeading(ctes: SQL | undefined): SQL {
  return ctes ? sql`${ctes}, ` : sql``;
}

async function findByKey(db: Executor, draft: OrderDraft) {
  const [first] = await db
    .select({ id: orders.id, orderNumber: orders.orderNumber, totalCents: orders.totalCents })
    .from(orders)
    .where(and(eq(orders.userId, draft.userId), eq(orders.idempotencyKey, draft.idempotencyKey ?? "")));
  return first ?? null;
}

async function replay(db: Executor, draft: OrderDraft): Promise<PlacedOrder> {
  const first = await findByKey(db, draft);
  const [wallet] = await db
    .select({ balanceCents: users.balanceCents })
    .from(users)
    .where(eq(users.id, draft.userId));
  if (!first || !wallet) throw new Error("Idempotent replay found no order");
  return {
    ok: true,
    order: { ...first, serviceName: draft.serviceName },
    balanceCents: wallet.balanceCents,
    replayed: true,
  };
}
