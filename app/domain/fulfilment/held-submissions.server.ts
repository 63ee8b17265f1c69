import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.server.ts";
import { fulfilments } from "../../db/schema.ts";
import { isUuid } from "../ids.ts";
import type { Notice } from "../orders/messages.ts";
import { auditProviderChange } from "./manage-providers.server.ts";
import { PROVIDER_TEXT } from "./messages.ts";

/**
 * An admin's answer to a submission held for attention. `retry`: send it again (for an interrupted one, only
 * after checking on the provider's side that no order exists); `resolve`: stop following it here (the admin
 * fulfils or settles the order by hand).
 */
export async function settleHeldSubmission(
  db: Database,
  input: { adminId: string; fulfilmentId: string; decision: "retry" | "resolve" },
): Promise<{ ok: boolean; notice: Notice }> {
  if (!isUuid(input.fulfilmentId)) return { ok: false, notice: PROVIDER_TEXT.submissionNotHeld };
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(fulfilments)
      .set({
        state: input.decision === "retry" ? "queued" : "done",
        attempts: input.decision === "retry" ? 0 : sql`${fulfilments.attempts}`,
        nextAttemptAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(fulfilments.id, input.fulfilmentId), eq(fulfilments.state, "needs_attention")))
      .returning({ providerId: fulfilments.providerId, lastError: fulfilments.lastError });
    if (!row) return { ok: false as const, notice: PROVIDER_TEXT.submissionNotHeld };
    await auditProviderChange(tx, input.adminId, `fulfilment.${input.decision}`, row.providerId, {
      fulfilment_id: input.fulfilmentId,
      last_error: row.lastError,
    });
    const title =
      input.decision === "retry" ? PROVIDER_TEXT.submissionRequeued : PROVIDER_TEXT.submissionResolved;
    return { ok: true as const, notice: { title, message: "" } };
  });
}
