import type { Notice } from "../../domain/notice.ts";
import {
  decideManualRefill,
  MANUAL_REFILL_TEXT,
  refillDecisionForm,
} from "../../domain/refills/manual-refills.server.ts";
import { REFILL_STATUS_WORDS } from "../../domain/refills/refill-status.ts";
import { type Refusal, refuse } from "../../domain/refusal.ts";
import { refusalAnswer } from "../../domain/refusal-answer.server.ts";
import type { Database } from "../../lib/database-context.server.ts";

/**
 * The manual work page's refill form: parsed with the refills area's schema, then decideManualRefill; answered
 * with the toast the page shows.
 */
export async function decideManualRefillFromForm(
  db: Database,
  input: { adminId: string; form: Record<string, unknown> },
): Promise<{ ok: boolean; notice: Notice }> {
  const parsed = refillDecisionForm.safeParse(input.form);
  if (!parsed.success) return refillRefused(refuse("invalid", MANUAL_REFILL_TEXT.invalid));
  const decided = await decideManualRefill(db, { adminId: input.adminId, ...parsed.data });
  if (!decided.ok) return refillRefused(decided);
  return {
    ok: true,
    notice: {
      title: MANUAL_REFILL_TEXT[decided.status === "completed" ? "completed" : "rejected"],
      message: `Refill #${parsed.data.refillId} is now ${REFILL_STATUS_WORDS[decided.status]}.`,
    },
  };
}

/** A refused refill decision as the page's toast shows it: 'Refill not changed' and the refusal's text. */
function refillRefused(refusal: Refusal) {
  return refusalAnswer({ ...refusal, title: MANUAL_REFILL_TEXT.failed }).body;
}
