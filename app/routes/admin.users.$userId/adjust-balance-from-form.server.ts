import { z } from "zod";
import { formRefusal } from "../../domain/admin-form.ts";
import type { Notice } from "../../domain/notice.ts";
import { issuesByField } from "../../domain/refusal.ts";
import { refusalAnswer } from "../../domain/refusal-answer.server.ts";
import { adjustBalance } from "../../domain/wallet/adjust-balance.server.ts";
import { adjustmentForm } from "../../domain/wallet/adjustment-form.ts";
import { ADJUSTMENT_TEXT } from "../../domain/wallet/balance-adjustment.ts";
import type { Database } from "../../lib/database-context.server.ts";

/**
 * The "Credit or debit" form of a user's page (intent=adjust-balance): parsed with the wallet's schema, then
 * adjustBalance; answered with its toast, and a refusal's message beside each field at fault.
 */
export async function adjustBalanceFromForm(
  db: Database,
  input: { adminId: string; userId: string; form: Record<string, unknown> },
): Promise<{ ok: boolean; notice: Notice; fieldErrors?: Record<string, string> }> {
  const parsed = adjustmentForm.safeParse(input.form);
  const answer = !z.uuid().safeParse(input.userId).success
    ? formRefusal(ADJUSTMENT_TEXT.refused, {}, { kind: "not_found", message: ADJUSTMENT_TEXT.noUser })
    : parsed.success
      ? await adjustBalance(db, {
          adminId: input.adminId,
          userId: input.userId,
          kind: parsed.data.kind,
          direction: parsed.data.direction,
          amountCents: parsed.data.amount,
          reason: parsed.data.reason,
        })
      : formRefusal(ADJUSTMENT_TEXT.refused, issuesByField(parsed.error));
  return answer.ok ? { ok: true, notice: answer.notice } : refusalAnswer(answer).body;
}
