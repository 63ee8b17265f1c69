import { and, eq, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { deposits } from "../../db/schema.ts";

/** Closes a still-pending deposit whose checkout was declined or expired; a settled one is left alone. */
export async function failDeposit(
  db: Executor,
  input: { depositId: string; providerReference?: string },
): Promise<{ failed: boolean }> {
  const rows = await db
    .update(deposits)
    .set({ status: "failed", updatedAt: sql`now()` })
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
  return { failed: rows.length > 0 };
}
