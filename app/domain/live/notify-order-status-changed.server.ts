import { sql } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { ORDER_STATUS_CHANNEL } from "./live-events.ts";

/**
 * Tells the customer's open pages that an order changed status. Call it inside the transaction that changes
 * the status: PostgreSQL delivers the NOTIFY at commit (and drops it on rollback), to every app server.
 */
export async function notifyOrderStatusChanged(
  tx: Executor,
  change: { userId: string; orderId: string; status: string },
): Promise<void> {
  const payload = JSON.stringify({ userId: change.userId, orderId: change.orderId, status: change.status });
  await tx.execute(sql`select pg_notify(${ORDER_STATUS_CHANNEL}, ${payload})`);
}
