import { and, eq, isNotNull } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { deposits, users } from "../../db/schema.ts";

/**
 * A manual claim locked for an admin's decision, with its customer's address; null when there is no such claim.
 * Approvals and rejections of one claim queue on this lock, so the first decides and the others see it decided.
 */
export async function lockManualClaim(tx: Executor, depositId: string) {
  const [claim] = await tx
    .select({
      id: deposits.id,
      userId: deposits.userId,
      email: users.email,
      amountCents: deposits.amountCents,
      status: deposits.status,
      reference: deposits.providerReference,
    })
    .from(deposits)
    .innerJoin(users, eq(users.id, deposits.userId))
    .where(and(eq(deposits.id, depositId), isNotNull(deposits.manualMethodId)))
    .for("update", { of: deposits });
  return claim ?? null;
}
