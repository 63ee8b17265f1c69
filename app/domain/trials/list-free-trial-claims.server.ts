import { eq } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { freeTrialClaims, orders } from "../../db/schema.ts";
import type { FreeTrialKind } from "./free-trials.ts";

export type FreeTrialClaim = { trial: FreeTrialKind; orderNumber: string; claimedAt: string };

/** The free trials this customer has claimed, each with the order it produced. */
export async function listFreeTrialClaims(db: Executor, userId: string): Promise<FreeTrialClaim[]> {
  const rows = await db
    .select({
      trial: freeTrialClaims.trial,
      orderNumber: orders.orderNumber,
      claimedAt: freeTrialClaims.claimedAt,
    })
    .from(freeTrialClaims)
    .innerJoin(orders, eq(orders.id, freeTrialClaims.orderId))
    .where(eq(freeTrialClaims.userId, userId));
  return rows.map((row) => ({ ...row, claimedAt: row.claimedAt.toISOString() }));
}
