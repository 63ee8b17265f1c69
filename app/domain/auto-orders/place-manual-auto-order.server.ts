import type { Database } from "../../db/client.server.ts";
import { withAdminAction } from "../audit/record-admin-action.server.ts";
import type { ManualOrderInput } from "../orders/place-manual-order.server.ts";
import type { Refusal } from "../refusal.ts";
import { type PlacedAutoOrder, placeAutoOrder } from "./place-auto-order.server.ts";

/**
 * An auto order an admin places for a customer's next `posts` posts (`quantity` per post, `target` the
 * username), charged to the customer's wallet in the same transaction as the auto order (placeAutoOrder, whose
 * own transaction becomes a savepoint) and its admin_audit_log row, recorded as created by the admin. A repeated
 * form token returns the first auto order and charges nothing.
 */
export async function placeManualAutoOrder(
  db: Database,
  input: ManualOrderInput & { posts: number },
): Promise<PlacedAutoOrder | Refusal> {
  return withAdminAction(
    db,
    (tx) =>
      placeAutoOrder(tx, {
        userId: input.userId,
        serviceId: input.serviceId,
        username: input.target,
        perPost: input.quantity,
        posts: input.posts,
        deliverySpeed: input.deliverySpeed,
        idempotencyKey: input.idempotencyKey,
        expectedTotalCents: input.expectedTotalCents,
        createdByAdminId: input.adminId,
        adminNotes: input.adminNotes,
      }),
    (placed) =>
      placed.ok && !placed.replayed
        ? {
            adminId: input.adminId,
            action: "auto_order.create",
            subjectType: "auto_order",
            subjectId: placed.autoOrder.id,
            details: {
              user_id: input.userId,
              per_post: input.quantity,
              posts: input.posts,
              total_cents: placed.autoOrder.totalCents,
              notes: input.adminNotes,
            },
          }
        : null,
  );
}
