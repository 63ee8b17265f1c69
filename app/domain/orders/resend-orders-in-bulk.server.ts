import { inArray } from "drizzle-orm";
import type { Database, Executor } from "../../db/client.server.ts";
import { orders } from "../../db/schema.ts";
import { BULK_TEXT, type BulkOutcome, bulkSummary, countOf } from "../bulk-change.ts";
import { resendOrderPart } from "../fulfilment/resend-order-part.server.ts";
import { findResendableParts } from "../fulfilment/resendable-parts.server.ts";
import { cents } from "../pricing/cents.ts";
import { BULK_ORDER_VERBS, ORDER_NOUN } from "./bulk-order-actions.ts";
import type { BulkOrderPreview, BulkOrderResult } from "./change-orders-in-bulk.server.ts";

const NOTHING_TO_RESEND = "nothing held or failed to resend";
const PARTS_GO = { one: "part goes to its provider", many: "parts go to their providers" };

/** The ticked orders that still exist, in the order they were ticked. */
async function readSelected(db: Executor, ids: readonly string[]) {
  const rows = await db
    .select({ id: orders.id, orderNumber: orders.orderNumber })
    .from(orders)
    .where(inArray(orders.id, [...ids]));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * What resending the ticked orders would do (product rules 14.32): each one's held or failed parts go to the
 * provider and service they had, as new submissions; nothing is charged or refunded. An order with nothing to
 * resend is named.
 */
export async function previewBulkResend(db: Executor, ids: string[]): Promise<BulkOrderPreview> {
  const selected = await readSelected(db, ids);
  const parts = await findResendableParts(
    db,
    selected.map((order) => order.id),
  );
  const resending = selected.filter((order) => parts.has(order.id));
  const partCount = resending.reduce((sum, order) => sum + (parts.get(order.id)?.length ?? 0), 0);
  const details = selected
    .filter((order) => !parts.has(order.id))
    .map((order) => `${order.orderNumber} will not change (${NOTHING_TO_RESEND}).`);
  return {
    action: "resend",
    ids: selected.map((order) => order.id),
    question: `${BULK_ORDER_VERBS.resend.ask} ${countOf(resending.length, ORDER_NOUN)}? ${countOf(partCount, PARTS_GO)} again; nothing is charged or refunded.`,
    details,
    refundCents: cents(0),
  };
}

/**
 * Resends the held or failed parts of each ticked order through the single resend (resendOrderPart: under the
 * order's lock, audited), to the provider and service each part had; an order is done when all its parts went.
 */
export async function resendOrdersInBulk(
  db: Database,
  input: { adminId: string; ids: string[] },
): Promise<BulkOrderResult> {
  const selected = await readSelected(db, input.ids);
  const parts = await findResendableParts(
    db,
    selected.map((order) => order.id),
  );
  const outcomes: BulkOutcome[] = [];
  for (const order of selected) {
    const orderParts = parts.get(order.id) ?? [];
    if (orderParts.length === 0) {
      outcomes.push({ label: order.orderNumber, result: "refused", reason: NOTHING_TO_RESEND });
      continue;
    }
    let refusal: string | null = null;
    for (const part of orderParts) {
      const answer = await resendOrderPart(db, {
        adminId: input.adminId,
        fulfilmentId: part.id,
        providerId: part.providerId,
        providerServiceId: part.providerServiceId,
      });
      if (!answer.ok) refusal ??= (answer.title ?? answer.message).toLowerCase();
    }
    outcomes.push(
      refusal
        ? { label: order.orderNumber, result: "refused", reason: refusal }
        : { label: order.orderNumber, result: "done" },
    );
  }
  const summary = bulkSummary(outcomes, { noun: ORDER_NOUN, done: BULK_ORDER_VERBS.resend.done });
  return {
    ok: true,
    outcomes,
    refundCents: cents(0),
    notice: { title: BULK_TEXT.done, message: `${summary}.` },
  };
}
