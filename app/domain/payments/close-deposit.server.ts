import { and, eq, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { deposits } from "../../db/schema.ts";

/**
 * Closes a still-pending deposit whose payment was declined (`failed`) or ran out of time (`expired`); a deposit
 * already paid or closed is left alone (docs/decisions/057).
 */
export async function closeDeposit(
  db: Executor,
  input: { depositId: string; status: "failed" | "expired"; providerReference?: string },
): Promise<{ closed: boolean }> {
  const rows = await db
    .update(deposits)
    .set({ status: input.status, updatedAt: sql`now()` })
    .where(
      and(
        eq(deposits.id, input.depositId),
        eq(deposits.status, "pending"),
        input.providerReference
          ? sql`(${deposits.providerReference} is null or ${deposits.providerReference} = ${input.providerReference})`
          : undefined,
      ),
    )
    .returning({ id: deposits.id });
  return { closed: rows.length > 0 };
}
