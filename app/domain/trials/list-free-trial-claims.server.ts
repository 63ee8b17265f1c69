import { eq } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { freeTrialClaims, orders } from "../../db/schema.ts";
import type { OrderStatus } from "../orders/set-order-status.server.ts";
import { FREE_TRIAL_TEXT, type FreeTrialKind } from "./free-trials.ts";

export type FreeTrialClaim = {
  trial: FreeTrialKind;
  orderNumber: string;
  claimedAt: string;
  status: OrderStatus;
  /** Why the trial delivered nothing (its order failed or was cancelled): it may then be claimed again. */
  notDelivered: string | null;
};

/** The free trials this customer has claimed, each with the order it produced and how that order stands. */
export async function listFreeTrialClaims(db: Executor, userId: string): Promise<FreeTrialClaim[]> {
  const rows = await db
    .select({
      trial: freeTrialClaims.trial,
      orderNumber: orders.orderNumber,
      claimedAt: freeTrialClaims.claimedAt,
      status: orders.status,
    })
    .from(freeTrialClaims)
    .innerJoin(orders, eq(orders.id, freeTrialClaims.orderId))
    .where(eq(freeTrialClaims.userId, userId));
  return rows.map((row) => ({
    ...row,
    claimedAt: row.claimedAt.toISOString(),
    notDelivered:
      row.status === "failed"
        ? FREE_TRIAL_TEXT.failedDelivery
        : row.status === "cancelled"
          ? FREE_TRIAL_TEXT.cancelledDelivery
          : null,
  }));
}
