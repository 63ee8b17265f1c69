import { and, eq, gt, inArray, sql } from "drizzle-orm";
import type { Database } from "../../db/client.server.ts";
import { autoOrders } from "../../db/schema.ts";
import { recordAdminAction } from "../audit/record-admin-action.server.ts";
import { isUuid } from "../ids.ts";
import { autoOrderCancelled, type Notice, ORDER_TEXT } from "../orders/messages.ts";
import { type Cents, cents } from "../pricing/cents.ts";
import { costOfPosts } from "../pricing/price.ts";
import { type Refusal, refuse } from "../refusal.ts";
import { postLedgerEntry } from "../wallet/post-ledger-entry.server.ts";
import { ADMIN_AUTO_ORDER_TEXT, remainingPostsOutOfRange } from "./admin-change-messages.ts";

/** Who asks for the change: the customer (only their own auto orders) or an admin (any, and it is recorded). */
export type Actor =
  | { kind: "customer"; userId: string }
  | { kind: "admin"; adminId: string }
  // The shop itself: a subscription past its expiry day (docs/decisions/023).
  | { kind: "expiry" };

export type AutoOrderChange = {
  ok: true;
  status: "active" | "paused" | "completed" | "cancelled";
  refundCents: Cents;
  notice: Notice;
};

const NOT_FOUND: Notice = { title: "Not found", message: "This auto order does not exist." };

const CANCEL_REASONS: Record<Actor["kind"], string> = {
  customer: ORDER_TEXT.cancelledByUserReason,
  admin: "Auto order cancelled by admin",
  expiry: "Subscription expired",
};

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
    return { ok: true as const, status: to, refundCents: cents(0), notice: { title: success, message: "" } };
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
    const refundCents = costOfPosts(cancelled.costPerPostCents, cancelled.remainingPosts);
    if (refundCents > 0) {
      await postLedgerEntry(tx, {
        userId: cancelled.userId,
        type: "refund",
        amountCents: refundCents,
        autoOrderId: cancelled.id,
        adminId: actor.kind === "admin" ? actor.adminId : undefined,
        metadata: {
          reason: CANCEL_REASONS[actor.kind],
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
  await recordAdminAction(tx, {
    adminId,
    action,
    subjectType: "auto_order",
    subjectId: autoOrderId,
    details,
  });
}

/**
 * An admin marks an active or paused auto order completed (admin spec: status changes freely). Nothing is
 * refunded; a cancelled order stays cancelled, since its refund has been paid.
 */
export async function completeAutoOrder(
  db: Database,
  admin: { kind: "admin"; adminId: string },
  autoOrderId: string,
): Promise<AutoOrderChange | Refusal> {
  if (!isUuid(autoOrderId)) return refuse("not_found", NOT_FOUND);
  return db.transaction(async (tx) => {
    const [done] = await tx
      .update(autoOrders)
      .set({ status: "completed", updatedAt: sql`now()`, statusChangedByAdminId: admin.adminId })
      .where(and(eq(autoOrders.id, autoOrderId), inArray(autoOrders.status, ["active", "paused"])))
      .returning({ id: autoOrders.id });
    if (!done)
      return refuseMissingOr(tx, admin, autoOrderId, {
        title: ADMIN_AUTO_ORDER_TEXT.statusFailed,
        message: ADMIN_AUTO_ORDER_TEXT.completeOnlyOpen,
      });
    await audit(tx, admin.adminId, autoOrderId, "auto_order.completed", {});
    return {
      ok: true as const,
      status: "completed" as const,
      refundCents: cents(0),
      notice: { title: ADMIN_AUTO_ORDER_TEXT.statusUpdated, message: "" },
    };
  });
}

export type RemainingPostsChange = { ok: true; remainingPosts: number; totalPosts: number };

/**
 * An admin sets how many posts an auto order has left: a whole number from 0 to its total posts, anything
 * else is refused and nothing changes. The row is locked so a concurrent cancel refunds either the old or the
 * new count, never a mix; a cancelled order keeps the count its refund was paid on.
 */
export async function setRemainingPosts(
  db: Database,
  admin: { kind: "admin"; adminId: string },
  autoOrderId: string,
  remainingPosts: number,
): Promise<RemainingPostsChange | Refusal> {
  if (!isUuid(autoOrderId)) return refuse("not_found", NOT_FOUND);
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({
        status: autoOrders.status,
        totalPosts: autoOrders.totalPosts,
        remainingPosts: autoOrders.remainingPosts,
      })
      .from(autoOrders)
      .where(eq(autoOrders.id, autoOrderId))
      .for("update");
    if (!current) return refuse("not_found", NOT_FOUND);
    const valid =
      Number.isSafeInteger(remainingPosts) && remainingPosts >= 0 && remainingPosts <= current.totalPosts;
    if (!valid)
      return refuse("invalid", remainingPostsOutOfRange(current.totalPosts), { field: "remainingPosts" });
    if (current.status === "cancelled")
      return refuse("conflict", {
        title: ADMIN_AUTO_ORDER_TEXT.remainingFailed,
        message: ADMIN_AUTO_ORDER_TEXT.cancelledIsFinal,
      });
    await tx
      .update(autoOrders)
      .set({ remainingPosts, updatedAt: sql`now()` })
      .where(eq(autoOrders.id, autoOrderId));
    await audit(tx, admin.adminId, autoOrderId, "auto_order.remaining_posts", {
      from: current.remainingPosts,
      to: remainingPosts,
    });
    return { ok: true as const, remainingPosts, totalPosts: current.totalPosts };
  });
}
