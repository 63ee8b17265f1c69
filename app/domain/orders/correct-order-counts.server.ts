import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../../db/client.server.ts";
import { orders } from "../../db/schema.ts";
import { formRefusal } from "../admin-form.ts";
import { recordAdminAction } from "../audit/record-admin-action.server.ts";
import { isUuid } from "../ids.ts";
import type { Notice } from "../notice.ts";
import { type Refusal, refuse } from "../refusal.ts";
import { OVERRIDE_TEXT } from "./order-override-text.ts";
import { isFinalStatus, STATUS_TEXT } from "./set-order-status.server.ts";

/** The largest start count stored (an integer column); a real account's count is far below it. */
const START_COUNT_MAX = 2_147_483_647;

/** A field of whole units: empty is "leave it"; anything that is not digits stays text, for a clear refusal. */
const countField = z
  .string()
  .max(20)
  .optional()
  .transform((value) => value?.trim() ?? "");

/** The correction form (intent=correct-counts): start count and remains, each optional. */
export const correctCountsForm = z
  .object({
    intent: z.literal("correct-counts"),
    orderId: z.uuid(),
    startCount: countField,
    remains: countField,
  })
  .strict();

export type CountsCorrection = {
  orderId: string;
  adminId: string;
  /** As typed: "" leaves it. */
  startCount: string;
  remains: string;
};

/**
 * Corrects an order's start count and remains (product rules 14.5): the start count any time (it moves no money),
 * a whole number of 0 or more; the remains, 0 to the quantity, only while the order has not ended (an ended order's
 * remains decided its refund; a goodwill refund gives more back). Under the order's lock, audited with from and to;
 * a correction that changes nothing records nothing.
 */
export async function correctOrderCounts(
  db: Database,
  input: CountsCorrection,
): Promise<{ ok: true; notice: Notice } | Refusal> {
  if (!isUuid(input.orderId)) return refuse("not_found", STATUS_TEXT.notFound);
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, input.orderId)).for("update");
    if (!order) return refuse("not_found", STATUS_TEXT.notFound);
    const startCount = readCount(input.startCount, START_COUNT_MAX);
    const remains = readCount(input.remains, order.quantity);
    const fieldErrors = {
      ...(startCount === "invalid" ? { startCount: OVERRIDE_TEXT.startCount } : {}),
      ...(remains === "invalid" ? { remains: OVERRIDE_TEXT.remains(order.quantity) } : {}),
      ...(typeof remains === "number" && isFinalStatus(order.status)
        ? { remains: OVERRIDE_TEXT.remainsEnded }
        : {}),
    };
    if (Object.keys(fieldErrors).length > 0) return formRefusal(OVERRIDE_TEXT.countsRefused, fieldErrors);

    const changes: Record<string, { from: number | null; to: number }> = {};
    if (typeof startCount === "number" && startCount !== order.startCount)
      changes.start_count = { from: order.startCount, to: startCount };
    if (typeof remains === "number" && remains !== order.remains)
      changes.remains = { from: order.remains, to: remains };
    if (Object.keys(changes).length === 0)
      return {
        ok: true as const,
        notice: { title: OVERRIDE_TEXT.countsDone, message: OVERRIDE_TEXT.countsUnchanged },
      };

    await tx
      .update(orders)
      .set({
        startCount: changes.start_count?.to,
        remains: changes.remains?.to,
        updatedAt: sql`now()`,
      })
      .where(eq(orders.id, order.id));
    await recordAdminAction(tx, {
      adminId: input.adminId,
      action: "order.correct",
      subjectType: "order",
      subjectId: order.id,
      details: changes,
    });
    const said = Object.entries(changes).map(
      ([field, change]) =>
        `${field === "start_count" ? "start count" : "remains"} ${change.from ?? "none"} → ${change.to}`,
    );
    return {
      ok: true as const,
      notice: { title: OVERRIDE_TEXT.countsDone, message: `${order.orderNumber}: ${said.join(", ")}.` },
    };
  });
}

/** A typed count: "" (leave it), a whole number from 0 to `max`, or "invalid". */
function readCount(text: string, max: number): number | "" | "invalid" {
  if (text === "") return "";
  if (!/^\d{1,10}$/.test(text)) return "invalid";
  const value = Number(text);
  return value <= max ? value : "invalid";
}
