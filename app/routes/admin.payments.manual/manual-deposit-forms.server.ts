import type { ChangeAnswer } from "../../domain/admin-form.ts";
import { formRefusal } from "../../domain/admin-form.ts";
import { approveManualDeposit } from "../../domain/payments/approve-manual-deposit.server.ts";
import {
  approveClaimForm,
  manualMethodForm,
  rejectClaimForm,
} from "../../domain/payments/manual-deposit-forms.ts";
import { MANUAL_CLAIM_ADMIN_TEXT, MANUAL_METHOD_TEXT } from "../../domain/payments/manual-deposit-text.ts";
import { rejectManualDeposit } from "../../domain/payments/reject-manual-deposit.server.ts";
import { saveManualMethod } from "../../domain/payments/save-manual-method.server.ts";
import { issuesByField } from "../../domain/refusal.ts";
import { refusalAnswer } from "../../domain/refusal-answer.server.ts";
import type { Database } from "../../lib/database-context.server.ts";

type Answer = {
  ok: boolean;
  notice: { title: string; message: string };
  fieldErrors?: Record<string, string>;
};

function answer(result: ChangeAnswer): Answer {
  return result.ok ? { ok: true, notice: result.notice } : refusalAnswer(result).body;
}

/** A claim's approval (after its code was checked) or rejection, read with its form's schema. */
export async function decideClaimFromForm(
  db: Database,
  input: { adminId: string; form: Record<string, unknown> },
): Promise<Answer> {
  if (input.form.intent === "approve-claim") {
    const parsed = approveClaimForm.safeParse(input.form);
    return answer(
      parsed.success
        ? await approveManualDeposit(db, { adminId: input.adminId, depositId: parsed.data.depositId })
        : formRefusal(MANUAL_CLAIM_ADMIN_TEXT.refusedTitle, issuesByField(parsed.error)),
    );
  }
  const parsed = rejectClaimForm.safeParse(input.form);
  return answer(
    parsed.success
      ? await rejectManualDeposit(db, {
          adminId: input.adminId,
          depositId: parsed.data.depositId,
          reason: parsed.data.reason,
        })
      : formRefusal(MANUAL_CLAIM_ADMIN_TEXT.refusedTitle, issuesByField(parsed.error)),
  );
}

/** The methods' editor (intent=save-method): a new method, or a change of one. */
export async function saveMethodFromForm(
  db: Database,
  input: { adminId: string; form: Record<string, unknown> },
): Promise<Answer> {
  const parsed = manualMethodForm.safeParse(input.form);
  if (!parsed.success)
    return answer(formRefusal(MANUAL_METHOD_TEXT.refusedTitle, issuesByField(parsed.error)));
  const { id, name, instructions, min, max, enabled } = parsed.data;
  return answer(
    await saveManualMethod(db, {
      adminId: input.adminId,
      id,
      name,
      instructions,
      minCents: min,
      maxCents: max,
      enabled,
    }),
  );
}
