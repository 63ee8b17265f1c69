import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.server.ts";
import { isUniqueViolation } from "../../db/database-error.ts";
import { freeTrialClaims, orders } from "../../db/schema.ts";
import { findOrderableServiceBySlug } from "../catalog/find-service.server.ts";
import { formatServiceName } from "../catalog/product-name.ts";
import { WHOLE_ORDER_PART } from "../fulfilment/part-outcomes.ts";
import type { Notice } from "../orders/messages.ts";
import { ACTIVE_ORDER_WITH_LINK } from "../orders/messages.ts";
import { refuseDuringMaintenance } from "../orders/order-rules.server.ts";
import { activeOrderWithLink } from "../orders/record-paid-order.server.ts";
import type { OrderStatus } from "../orders/set-order-status.server.ts";
import { routeStoredOrder, storeFreeOrder } from "../orders/store-free-order.server.ts";
import { checkTargetLink } from "../orders/target-link.ts";
import { cents } from "../pricing/cents.ts";
import { type Refusal, refuse } from "../refusal.ts";
import { FREE_TRIAL_TEXT, type FreeTrialKind, findFreeTrial } from "./free-trials.ts";

export type ClaimedFreeTrial = {
  ok: true;
  order: { id: string; orderNumber: string; serviceName: string; quantity: number };
};

const ALREADY_CLAIMED: Notice = {
  title: FREE_TRIAL_TEXT.failedTitle,
  message: FREE_TRIAL_TEXT.alreadyClaimed,
};

class AlreadyClaimed extends Error {}

/** Statuses of a trial order that delivered nothing, after which the trial may be claimed again. */
const UNDELIVERED: readonly OrderStatus[] = ["failed", "cancelled"];

/**
 * Grants a free trial for real (product rules 7.6): a zero-cost order, its claim and its delivery path in
 * one transaction. The unique (user_id, trial) index makes it once per account per trial, even for concurrent
 * claims: the losing transaction rolls back with its order. A trial whose order failed or was cancelled may be
 * claimed again. No money moves, so no ledger row is written.
 */
export async function claimFreeTrial(
  db: Database,
  input: { userId: string; trial: FreeTrialKind | string; targetLink: string },
): Promise<ClaimedFreeTrial | Refusal> {
  const trial = findFreeTrial(input.trial);
  if (!trial)
    return refuse("invalid", { title: FREE_TRIAL_TEXT.failedTitle, message: FREE_TRIAL_TEXT.unavailable });
  const closed = await refuseDuringMaintenance(db, false);
  if (closed) return closed;
  const service = await findOrderableServiceBySlug(db, trial.serviceSlug);
  if (!service)
    return refuse("unavailable", {
      title: FREE_TRIAL_TEXT.failedTitle,
      message: FREE_TRIAL_TEXT.unavailable,
    });
  const link = checkTargetLink(input.targetLink, service);
  if (!link.ok) return { ...link, field: "targetLink" };

  // A trial whose order failed or was cancelled was never delivered: it may be claimed again, once per failure.
  const [existing] = await db
    .select({ orderId: freeTrialClaims.orderId, status: orders.status })
    .from(freeTrialClaims)
    .innerJoin(orders, eq(orders.id, freeTrialClaims.orderId))
    .where(and(eq(freeTrialClaims.userId, input.userId), eq(freeTrialClaims.trial, trial.trial)));
  if (existing && !UNDELIVERED.includes(existing.status)) return refuse("conflict", ALREADY_CLAIMED);

  try {
    return await db.transaction(async (tx) => {
      // The service minimum does not apply: a trial is a fixed, small gift.
      const order = await storeFreeOrder(tx, {
        userId: input.userId,
        serviceId: service.id,
        quantity: trial.quantity,
        targetLink: link.link,
        metadata: { free_trial: trial.trial, service_name: service.name, platform: service.platform },
      });
      // The unique (user, trial) index settles concurrent first claims; the old order id settles re-claims.
      const [claim] = existing
        ? await tx
            .update(freeTrialClaims)
            .set({ orderId: order.id, claimedAt: sql`now()` })
            .where(
              and(
                eq(freeTrialClaims.userId, input.userId),
                eq(freeTrialClaims.trial, trial.trial),
                eq(freeTrialClaims.orderId, existing.orderId),
              ),
            )
            .returning({ orderId: freeTrialClaims.orderId })
        : await tx
            .insert(freeTrialClaims)
            .values({ userId: input.userId, trial: trial.trial, orderId: order.id })
            .onConflictDoNothing({ target: [freeTrialClaims.userId, freeTrialClaims.trial] })
            .returning({ orderId: freeTrialClaims.orderId });
      if (!claim) throw new AlreadyClaimed();
      await routeStoredOrder(tx, {
        id: order.id,
        parts: [
          { part: WHOLE_ORDER_PART, serviceId: service.id, quantity: trial.quantity, chargeCents: cents(0) },
        ],
      });
      return {
        ok: true as const,
        order: { ...order, serviceName: formatServiceName(service.name), quantity: trial.quantity },
      };
    });
  } catch (error) {
    if (error instanceof AlreadyClaimed) return refuse("conflict", ALREADY_CLAIMED);
    if (isUniqueViolation(error, ACTIVE_ORDER_WITH_LINK)) return activeOrderWithLink();
    throw error;
  }
}
