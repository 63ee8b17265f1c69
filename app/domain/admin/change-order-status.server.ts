import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../../db/client.server.ts";
import { orders } from "../../db/schema.ts";
import { formatCents } from "../../lib/format-money.ts";
import { takeOverOrderParts } from "../fulfilment/cancel-upstream.server.ts";
import { type CancelOutcome, cancelOrder } from "../orders/cancel-order.server.ts";
import { CANCEL_TEXT } from "../orders/cancel-rules.ts";
import { leaveOrderToPerson } from "../orders/leave-order-to-person.server.ts";
import type { Notice } from "../orders/messages.ts";
import { ADMIN_ORDER_STATUSES } from "../orders/order-status-labels.ts";
import {
  type StatusChange,
  type StatusChangeInput,
  setOrderStatus,
} from "../orders/set-order-status.server.ts";
import type { Cents } from "../pricing/cents.ts";
import { failed, type Refusal, refuse } from "../refusal.ts";
import { refusalAnswer } from "../refusal-answer.server.ts";
import { ADMIN_ORDER_TEXT, ADMIN_TEXT } from "./messages.ts";

/** The status form of the admin orders list and user page (intent=set-status). */
export const statusChangeForm = z
  .object({
    intent: z.literal("set-status"),
    orderId: z.uuid(),
    status: z.enum(ADMIN_ORDER_STATUSES),
    // Units not delivered; only read for `partial` (an empty field is "not given").
    remains: z
      .string()
      .trim()
      .regex(/^\d{0,9}$/)
      .optional()
      .transform((value) => (value ? Number(value) : undefined)),
  })
  .strict();

export type StatusChangeAnswer = { ok: boolean; notice: Notice };

/**
 * An admin's status change from a submitted form: parsed strictly (unknown statuses, fractional, negative or
 * huge remains and unknown fields are refused). `cancelled` follows the shop's cancel rules (cancelOrder: refunded
 * at once when nothing is with a provider, else the provider is asked). Any other status: the admin takes a
 * provider order over by hand only while no provider has it (setAdminOrderStatus). Final statuses stay final.
 */
export async function changeOrderStatusFromForm(
  db: Database,
  input: { adminId: string; form: Record<string, unknown> },
): Promise<StatusChangeAnswer> {
  const parsed = statusChangeForm.safeParse(input.form);
  if (!parsed.success)
    return statusRefused(refuse("invalid", "Choose a valid status for an existing order."));
  const { orderId, status, remains } = parsed.data;
  try {
    if (status === "cancelled") return answerCancel(await cancelOrder(db, { orderId, by: input }));
    const result = await setAdminOrderStatus(db, {
      orderId,
      status,
      remains: status === "partial" ? remains : undefined,
      adminId: input.adminId,
    });
    if (!result.ok) return statusRefused(result);
    return { ok: true, notice: { title: ADMIN_TEXT.statusUpdated, message: refundNote(result.refundCents) } };
  } catch (error) {
    console.error("admin order status change failed", error);
    return statusRefused(failed(""));
  }
}

/** A refused status change as the lists' forms show it: 'Failed to update status' and the refusal's text. */
function statusRefused(refusal: Refusal): StatusChangeAnswer {
  return refusalAnswer({ ...refusal, title: ADMIN_TEXT.statusUpdateFailed }).body;
}

function refundNote(refundCents: Cents): string {
  return refundCents > 0 ? `${formatCents(refundCents)} was refunded to the customer's wallet.` : "";
}

function answerCancel(result: CancelOutcome | Refusal): StatusChangeAnswer {
  if (!result.ok) return statusRefused(result);
  if (result.outcome === "requested")
    return { ok: true, notice: { title: CANCEL_TEXT.requested, message: CANCEL_TEXT.requestedNote } };
  return { ok: true, notice: { title: ADMIN_TEXT.statusUpdated, message: refundNote(result.refundCents) } };
}

/**
 * Sets a status an admin chose (not a cancel), under the order's lock: refused while a provider has the order
 * (its status follows the provider's); a provider order not sent yet is taken over by hand first.
 */
async function setAdminOrderStatus(db: Database, input: StatusChangeInput): Promise<StatusChange | Refusal> {
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select({ delivery: orders.delivery })
      .from(orders)
      .where(eq(orders.id, input.orderId))
      .for("update");
    if (order?.delivery === "provider" && (await takeOverOrderParts(tx, input.orderId)) === "with_provider")
      return refuse("conflict", ADMIN_ORDER_TEXT.withProvider);
    // Taken over: a person delivers it from now on.
    if (order?.delivery === "provider") await leaveOrderToPerson(tx, input.orderId);
    return setOrderStatus(tx, input);
  });
}
