import { z } from "zod";
import type { Database } from "../../db/client.server.ts";
import { formatCents } from "../../lib/format-money.ts";
import type { Notice } from "../orders/messages.ts";
import { setOrderStatus } from "../orders/set-order-status.server.ts";
import { ADMIN_TEXT } from "./messages.ts";
import { ADMIN_ORDER_STATUSES } from "./order-status-labels.ts";

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
 * huge remains and unknown fields are refused), then setOrderStatus with the admin recorded. Refunding
 * statuses refund once and are final; a later change answers the refusal's own message.
 */
export async function changeOrderStatusFromForm(
  db: Database,
  input: { adminId: string; form: Record<string, unknown> },
): Promise<StatusChangeAnswer> {
  const parsed = statusChangeForm.safeParse(input.form);
  if (!parsed.success) {
    return {
      ok: false,
      notice: {
        title: ADMIN_TEXT.statusUpdateFailed,
        message: "Choose a valid status for an existing order.",
      },
    };
  }
  const { orderId, status, remains } = parsed.data;
  const result = await setOrderStatus(db, {
    orderId,
    status,
    remains: status === "partial" ? remains : undefined,
    adminId: input.adminId,
  }).catch((error: unknown) => {
    console.error("admin order status change failed", error);
    return null;
  });
  if (!result) return { ok: false, notice: { title: ADMIN_TEXT.statusUpdateFailed, message: "" } };
  if (!result.ok)
    return { ok: false, notice: { title: ADMIN_TEXT.statusUpdateFailed, message: result.notice.message } };
  return {
    ok: true,
    notice: {
      title: ADMIN_TEXT.statusUpdated,
      message:
        result.refundCents > 0
          ? `${formatCents(result.refundCents)} was refunded to the customer's wallet.`
          : "",
    },
  };
}
