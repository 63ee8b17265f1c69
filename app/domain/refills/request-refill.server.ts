import { and, eq, exists, inArray } from "drizzle-orm";
import type { Database } from "../../db/client.server.ts";
import { isUniqueViolation } from "../../db/database-error.ts";
import { orders, refills, services } from "../../db/schema.ts";
import { queueRefillSubmissions, refillableParts } from "../fulfilment/refill-submissions.server.ts";
import { isUuid } from "../ids.ts";
import { type Refusal, refuse } from "../refusal.ts";
import { REFILL_CODES, REFILL_TEXT, refillRefusalOf } from "./refill-rules.ts";
import { OPEN_REFILL_STATUSES, type RefillStatus } from "./refill-status.ts";

export type RequestedRefill = {
  ok: true;
  refill: { id: number; orderId: string; status: RefillStatus; delivery: "provider" | "manual" };
};

const FINAL_ORDER_STATUSES = ["completed", "partial", "cancelled", "failed"];

function orderNotFound(): Refusal {
  return refuse("not_found", REFILL_TEXT.orderNotFound, { code: REFILL_CODES.orderNotFound });
}

function refillInProgress(): Refusal {
  return refuse("conflict", REFILL_TEXT.inProgress, { code: REFILL_CODES.inProgress });
}

/**
 * Asks a refill of a customer's own order (product rules 4.7), in one transaction under the order's row lock, so
 * simultaneous requests make one refill (the partial unique index refuses a second open one whatever the code
 * above does). A provider order's refill is queued for each delivered part (the fulfilment round forwards it); an
 * order a person delivered gets a refill a person does, listed for admins.
 */
export async function requestRefill(
  db: Database,
  input: { userId: string; orderId: string },
): Promise<RequestedRefill | Refusal> {
  if (!isUuid(input.orderId)) return orderNotFound();
  try {
    return await db.transaction(async (tx) => {
      const [order] = await tx
        .select({
          id: orders.id,
          status: orders.status,
          endedAt: orders.endedAt,
          updatedAt: orders.updatedAt,
          refillDays: services.refillDays,
          hasOpenRefill: exists(
            tx
              .select({ id: refills.id })
              .from(refills)
              .where(and(eq(refills.orderId, orders.id), inArray(refills.status, [...OPEN_REFILL_STATUSES]))),
          ).mapWith(Boolean),
        })
        .from(orders)
        .innerJoin(services, eq(services.id, orders.serviceId))
        .where(and(eq(orders.id, input.orderId), eq(orders.userId, input.userId)))
        .for("update", { of: orders });
      if (!order) return orderNotFound();
      // Orders that ended before ended_at existed were backfilled from updated_at; this covers any other.
      const endedAt = order.endedAt ?? (FINAL_ORDER_STATUSES.includes(order.status) ? order.updatedAt : null);
      const refused = refillRefusalOf({
        orderStatus: order.status,
        refillDays: order.refillDays,
        endedAt,
        hasOpenRefill: order.hasOpenRefill,
        now: new Date(),
      });
      if (refused) return refused;

      const parts = await refillableParts(tx, order.id);
      const delivery = parts.length > 0 ? "provider" : "manual";
      const [created] = await tx
        .insert(refills)
        .values({ orderId: order.id, userId: input.userId, delivery })
        .returning({ id: refills.id, status: refills.status });
      if (!created) throw new Error("the refill was not stored");
      await queueRefillSubmissions(tx, created.id, parts);
      return {
        ok: true as const,
        refill: { id: created.id, orderId: order.id, status: created.status, delivery },
      };
    });
  } catch (error) {
    if (isUniqueViolation(error, "refills_one_open_per_order")) return refillInProgress();
    throw error;
  }
}
