import { eq } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { orders } from "../../db/schema.ts";

/**
 * The order joins the manual queue (the admins' "Needs manual work"): a person delivers it from now on, not a
 * provider (docs/decisions/010-delivery-paths-and-cancel.md). Runs in the caller's transaction.
 */
export async function leaveOrderToPerson(tx: Executor, orderId: string): Promise<void> {
  await tx.update(orders).set({ delivery: "manual" }).where(eq(orders.id, orderId));
}
