import { eq, inArray } from "drizzle-orm";
import type { Database, Executor } from "../../db/client.server.ts";
import { orders, users } from "../../db/schema.ts";
import { formatCents } from "../../lib/format-money.ts";
import { BULK_TEXT, type BulkOutcome, bulkSummary, countOf } from "../bulk-change.ts";
import { orderWithProviderSql } from "../fulfilment/order-delivery-state-sql.server.ts";
import type { Notice } from "../notice.ts";
import { type Cents, cents } from "../pricing/cents.ts";
import type { Refusal } from "../refusal.ts";
import { readOrderRefunds } from "../wallet/order-refunds.server.ts";
import {
  BULK_ORDER_VERBS,
  type BulkOrderAction,
  type BulkOrderStatus,
  ORDER_NOUN,
} from "./bulk-order-actions.ts";
import { changeOrderStatusByAdmin } from "./change-order-status-by-admin.server.ts";
import { ORDER_STATUS_LABELS } from "./order-status-labels.ts";
import { isFinalStatus, REFUNDING_STATUSES } from "./set-order-status.server.ts";

type SelectedOrder = {
  id: string;
  orderNumber: string;
  status: keyof typeof ORDER_STATUS_LABELS;
  totalCents: Cents;
  withProvider: string | null;
  cancelRequested: boolean;
};

/** What a bulk change would do, shown before it is confirmed (product rules 14.33). */
export type BulkOrderPreview = {
  action: BulkOrderAction;
  ids: string[];
  /** "Cancel 7 orders? $21.00 will be refunded to the customers' wallets." and what will not change. */
  question: string;
  details: string[];
  refundCents: Cents;
};

/** The ticked orders that still exist, in the order they were ticked. */
async function readSelected(db: Executor, ids: readonly string[]): Promise<SelectedOrder[]> {
  const rows = await db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      status: orders.status,
      totalCents: orders.totalCents,
      withProvider: orderWithProviderSql(orders.id),
      cancelRequestedAt: orders.cancelRequestedAt,
    })
    .from(orders)
    // Joined so that Drizzle names each column with its table: the subquery above has an `id` of its own.
    .innerJoin(users, eq(users.id, orders.userId))
    .where(inArray(orders.id, [...ids]));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [{ ...row, cancelRequested: row.cancelRequestedAt !== null }] : [];
  });
}

/** What `status` would do to one order now: refused and why, asked of its provider, or changed with its refund. */
function expectedOutcome(
  order: SelectedOrder,
  status: BulkOrderStatus,
): BulkOutcome & { refundCents: Cents } {
  const label = order.orderNumber;
  const none = cents(0);
  if (isFinalStatus(order.status) || order.status === status)
    return { label, result: "refused", reason: alreadyReason(order.status), refundCents: none };
  if (status === "cancelled" && (order.withProvider || order.cancelRequested))
    return { label, result: "requested", refundCents: none };
  if (order.withProvider) return { label, result: "refused", reason: "with a provider", refundCents: none };
  return {
    label,
    result: "done",
    refundCents: REFUNDING_STATUSES.includes(status) ? order.totalCents : none,
  };
}

function alreadyReason(status: SelectedOrder["status"]): string {
  return `already ${ORDER_STATUS_LABELS[status].toLowerCase()}`;
}

/**
 * What a bulk change of the ticked orders would do now, in words: how many change and the refunds that implies,
 * how many are asked of their provider (refunded by what it confirms), and each one refused with its reason.
 */
export async function previewBulkOrderChange(
  db: Executor,
  input: { ids: string[]; action: BulkOrderStatus },
): Promise<BulkOrderPreview> {
  const selected = await readSelected(db, input.ids);
  const outcomes = selected.map((order) => expectedOutcome(order, input.action));
  const changing = outcomes.filter((outcome) => outcome.result === "done");
  const refundCents = cents(changing.reduce((sum, outcome) => sum + outcome.refundCents, 0));
  const verb = BULK_ORDER_VERBS[input.action];
  const refund =
    refundCents > 0 ? ` ${formatCents(refundCents)} will be refunded to the customers' wallets.` : "";
  const details: string[] = [];
  const requested = outcomes.filter((outcome) => outcome.result === "requested").length;
  if (requested > 0)
    details.push(
      `${countOf(requested, ORDER_NOUN)} with a provider: the provider is asked to cancel, and what it does not deliver is refunded.`,
    );
  for (const outcome of outcomes)
    if (outcome.result === "refused") details.push(`${outcome.label} will not change (${outcome.reason}).`);
  return {
    action: input.action,
    ids: selected.map((order) => order.id),
    question: `${verb.ask} ${countOf(changing.length, ORDER_NOUN)}?${refund}`,
    details,
    refundCents,
  };
}

/** A bulk change done: every order's outcome and the refunds made, with its toast. */
export type BulkOrderResult = { ok: true; outcomes: BulkOutcome[]; refundCents: Cents; notice: Notice };

/**
 * Changes each ticked order through the single order's own change (changeOrderStatusByAdmin: the cancel rules,
 * the refund a status implies, the audit), one order per transaction, so a refused order leaves the others
 * changed; the refunds reported are what the ledger holds for the orders it changed, less what it held before.
 */
export async function changeOrdersInBulk(
  db: Database,
  input: { adminId: string; ids: string[]; action: BulkOrderStatus },
): Promise<BulkOrderResult> {
  const selected = await readSelected(db, input.ids);
  const ids = selected.map((order) => order.id);
  const refundedBefore = await readOrderRefunds(db, ids);
  const outcomes: BulkOutcome[] = [];
  for (const order of selected) {
    if (order.status === input.action) {
      outcomes.push({ label: order.orderNumber, result: "refused", reason: alreadyReason(order.status) });
      continue;
    }
    const answer = await changeOrderStatusByAdmin(db, {
      adminId: input.adminId,
      orderId: order.id,
      status: input.action,
      remains: undefined,
    });
    outcomes.push(
      answer.ok ? { label: order.orderNumber, result: "done" } : await refusedOutcome(db, order, answer),
    );
  }
  const after = await readSelected(db, ids);
  // A cancel a provider must confirm leaves the order as it was, its cancel requested.
  for (const [index, order] of after.entries()) {
    const outcome = outcomes[index];
    if (outcome?.result === "done" && order.status !== input.action && order.cancelRequested)
      outcomes[index] = { label: order.orderNumber, result: "requested" };
  }
  const refundedAfter = await readOrderRefunds(db, ids);
  // An order refunds once, so what an order this change made holds now beyond what it held is this change's.
  const refundCents = cents(
    ids.reduce(
      (sum, id, index) =>
        outcomes[index]?.result === "done"
          ? sum + (refundedAfter.get(id) ?? 0) - (refundedBefore.get(id) ?? 0)
          : sum,
      0,
    ),
  );
  const verb = BULK_ORDER_VERBS[input.action];
  const summary = bulkSummary(outcomes, {
    noun: ORDER_NOUN,
    done: verb.done,
    requested: "asked of their provider",
  });
  const refund = refundCents > 0 ? ` ${formatCents(refundCents)} refunded.` : "";
  return {
    ok: true,
    outcomes,
    refundCents,
    notice: { title: BULK_TEXT.done, message: `${summary}.${refund}` },
  };
}

/** A refused order's reason in a few words: the status it already has, or the refusal's own title. */
async function refusedOutcome(db: Executor, order: SelectedOrder, refusal: Refusal): Promise<BulkOutcome> {
  const [now] = await readSelected(db, [order.id]);
  const reason =
    now && isFinalStatus(now.status)
      ? alreadyReason(now.status)
      : (refusal.title ?? refusal.message).toLowerCase();
  return { label: order.orderNumber, result: "refused", reason };
}
