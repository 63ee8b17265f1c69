import { and, eq, gt, inArray, sql } from "drizzle-orm";
import type { Database } from "../../db/client.server.ts";
import { adminAuditLog, autoOrders } from "../../db/schema.ts";
import { isUuid } from "../ids.ts";
import { autoOrderCancelled, type Notice, ORDER_TEXT } from "../orders/messages.ts";
import { type Refusal, refuse } from "../orders/refusal.ts";
import { cents } from "../pricing/cents.ts";
import { postLedgerEntry } from "../wallet/post-ledger-entry.server.ts";

/** Who asks for the change: the customer (only their own auto orders) or an admin (any, and it is recorded). */
export type Actor = { kind: "customer"; userId: string } | { kind: "admin"; adminId: string };

export type AutoOrderChange = {
  ok: true;
  status: "active" | "paused" | "cancelled";
  refundCents: number;
  notice: Notice;
};

const NOT_FOUND: Notice = { title: "Not found", message: "This auto order does not exist." };

function ownedBy(actor: Actor) {
  return actor.kind === "customer" ? eq(autoOrders.userId, actor.userId) : sql`true`;
}

/** Pauses an active auto order (customer spec section 4: active to paused). */
export async function pauseAutoOrder(
  db: Database,
  actor: Actor,
  autoOrderId: string,
): Promise<AutoOrderChange | Refusal> {
  return moveStatus(
    db,
    actor,
    autoOrderId,
    "active",
    "paused",
    ORDER_TEXT.autoOrderPaused,
    ORDER_TEXT.pauseFailed,
  );
}

/** Resumes a paused auto order (paused to active). */
export async function resumeAutoOrder(
  db: Database,
  actor: Actor,
  autoOrderId: string,
): Promise<AutoOrderChange | Refusal> {
  return moveStatus(
    db,
    actor,
    autoOrderId,
    "paused",
    "active",
    ORDER_TEXT.autoOrderResumed,
    ORDER_TEXT.resumeFailed,
  );
}

async function moveStatus(
  db: Database,
  actor: Actor,
  autoOrderId: string,
  from: "active" | "paused",
  to: "active" | "paused",
  success: string,
  failure: string,
): Promise<AutoOrderChange | Refusal> {
  if (!isUuid(autoOrderId)) return refuse("not_found", NOT_FOUND);
  return db.transaction(async (tx) => {
    const [moved] = await tx
      .update(autoOrders)
      .set({
        status: to,
        updatedAt: sql`now()`,
        statusChangedByAdminId: actor.kind === "admin" ? actor.adminId : undefined,
      })
      .where(and(eq(autoOrders.id, autoOrderId), ownedBy(actor), eq(autoOrders.status, from)))
      .returning({ id: autoOrders.id });
    if (!moved)
      return refuseMissingOr(tx, actor, autoOrderId, {
        title: failure,
        message: `Only ${from} auto orders can be ${to === "paused" ? "paused" : "resumed"}.`,
      });
    if (actor.kind === "admin") await audit(tx, actor.adminId, autoOrderId, `auto_order.${to}`, {});
    return { ok: true as const, status: to, refundCents: 0, notice: { title: success, message: "" } };
  });
}

/**
 * Cancels an active or paused auto order with posts left and refunds remaining posts x cost per post, exactly
 * once however often it is asked (the status update is conditional, and the database allows one refund).
 */
export async function cancelAutoOrder(
  db: Database,
  actor: Actor,
  autoOrderId: string,
): Promise<AutoOrderChange | Refusal> {
  if (!isUuid(autoOrderId)) return refuse("not_found", NOT_FOUND);
  return db.transaction(async (tx) => {
    const [cancelled] = await tx
      .update(autoOrders)
      .set({
        status: "cancelled",
        updatedAt: sql`now()`,
        statusChangedByAdminId: actor.kind === "admin" ? actor.adminId : undefined,
      })
      .where(
        and(
          eq(autoOrders.id, autoOrderId),
          ownedBy(actor),
          inArray(autoOrders.status, ["active", "paused"]),
          gt(autoOrders.remainingPosts, 0),
        ),
      )
      .returning();
    if (!cancelled) {
      return refuseMissingOr(tx, actor, autoOrderId, {
        title: ORDER_TEXT.cancelFailed,
        message: "Only active or paused auto orders with posts left can be cancelled.",
      });
    }
    const refundCents = cancelled.remainingPosts * cancelled.costPerPostCents;
    if (refundCents > 0) {
      await postLedgerEntry(tx, {
        userId: cancelled.userId,
        type: "refund",
        amountCents: cents(refundCents),
        autoOrderId: cancelled.id,
        adminId: actor.kind === "admin" ? actor.adminId : undefined,
        metadata: {
          reason: actor.kind === "admin" ? "Auto order cancelled by admin" : ORDER_TEXT.cancelledByUserReason,
          auto_order_id: cancelled.id,
          remaining_posts: cancelled.remainingPosts,
        },
      });
    }
    if (actor.kind === "admin")
      await audit(tx, actor.adminId, autoOrderId, "auto_order.cancelled", { refund_cents: refundCents });
    return {
      ok: true as const,
      status: "cancelled" as const,
      refundCents,
      notice: autoOrderCancelled(refundCents),
    };
  });
}

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

async function refuseMissingOr(
  tx: Tx,
  actor: Actor,
  autoOrderId: string,
  conflict: Notice,
): Promise<Refusal> {
  const [exists] = await tx
    .select({ id: autoOrders.id })
    .from(autoOrders)
    .where(and(eq(autoOrders.id, autoOrderId), ownedBy(actor)));
  return exists ? refuse("conflict", conflict) : refuse("not_found", NOT_FOUND);
}

async function audit(
  tx: Tx,
  adminId: string,
  autoOrderId: string,
  action: string,
  details: Record<string, unknown>,
) {
  await tx
    .insert(adminAuditLog)
    .values({ adminId, action, subjectType: "auto_order", subjectId: autoOrderId, details });
}
