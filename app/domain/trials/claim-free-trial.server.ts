import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/client.server.ts";
import { freeTrialClaims, orders } from "../../db/schema.ts";
import { findOrderableServiceBySlug } from "../catalog/find-service.server.ts";
import type { Notice } from "../orders/messages.ts";
import { refuseDuringMaintenance } from "../orders/order-rules.server.ts";
import { type Refusal, refuse } from "../orders/refusal.ts";
import { checkTargetLink } from "../orders/target-link.ts";
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

/**
 * Grants a free trial for real (DECISIONS.md section 7): a zero-cost order and its claim in one transaction.
 * The unique (user_id, trial) index makes it once per account per trial, even for concurrent claims: the
 * losing transaction rolls back with its order. No money moves, so no ledger row is written.
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
  if (!link.ok) return refuse("invalid", link.notice, { field: "targetLink" });

  // A quick answer for the usual repeat; the unique index below settles races.
  const [existing] = await db
    .select({ orderId: freeTrialClaims.orderId })
    .from(freeTrialClaims)
    .where(and(eq(freeTrialClaims.userId, input.userId), eq(freeTrialClaims.trial, trial.trial)));
  if (existing) return refuse("conflict", ALREADY_CLAIMED);

  try {
    return await db.transaction(async (tx) => {
      // The service minimum does not apply: a trial is a fixed, small gift.
      const [order] = await tx
        .insert(orders)
        .values({
          userId: input.userId,
          serviceId: service.id,
          quantity: trial.quantity,
          targetLink: link.link,
          totalCents: 0,
          deliverySpeed: "normal",
          metadata: { free_trial: trial.trial, service_name: service.name, platform: service.platform },
        })
        .returning({ id: orders.id, orderNumber: orders.orderNumber });
      if (!order) throw new Error("The free trial order was not stored");
      const [claim] = await tx
        .insert(freeTrialClaims)
        .values({ userId: input.userId, trial: trial.trial, orderId: order.id })
        .onConflictDoNothing({ target: [freeTrialClaims.userId, freeTrialClaims.trial] })
        .returning({ orderId: freeTrialClaims.orderId });
      if (!claim) throw new AlreadyClaimed();
      return {
        ok: true as const,
        order: { ...order, serviceName: service.name, quantity: trial.quantity },
      };
    });
  } catch (error) {
    if (error instanceof AlreadyClaimed) return refuse("conflict", ALREADY_CLAIMED);
    throw error;
  }
}
