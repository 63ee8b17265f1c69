import { formRefusal } from "../../domain/admin-form.ts";
import { decidePayout, type PayoutDecision } from "../../domain/affiliates/decide-payout.server.ts";
import { payoutDecisionForm } from "../../domain/affiliates/payout-decision-form.ts";
import { PAYOUT_TEXT } from "../../domain/affiliates/payout-text.ts";
import type { Notice } from "../../domain/notice.ts";
import { issuesByField } from "../../domain/refusal.ts";
import { refusalAnswer } from "../../domain/refusal-answer.server.ts";
import type { Database } from "../../lib/database-context.server.ts";

type Answer = { ok: boolean; notice: Notice; fieldErrors?: Record<string, string> };

/** One answer of the payout screen (intent=pay-wallet|pay-elsewhere|reject), read by its schema, then decidePayout. */
export async function decidePayoutFromForm(
  db: Database,
  input: { adminId: string; form: Record<string, unknown> },
): Promise<Answer> {
  const parsed = payoutDecisionForm.safeParse(input.form);
  if (!parsed.success)
    return refusalAnswer(formRefusal(PAYOUT_TEXT.refusedTitle, issuesByField(parsed.error))).body;
  const form = parsed.data;
  const decision: PayoutDecision =
    form.intent === "pay-wallet"
      ? { payoutId: form.payoutId, adminId: input.adminId, pay: "wallet" }
      : form.intent === "pay-elsewhere"
        ? { payoutId: form.payoutId, adminId: input.adminId, pay: "elsewhere", reference: form.reference }
        : { payoutId: form.payoutId, adminId: input.adminId, reject: form.reason };
  const decided = await decidePayout(db, decision);
  if (!decided.ok) return refusalAnswer({ ...decided, title: PAYOUT_TEXT.refusedTitle }).body;
  const message =
    form.intent === "pay-wallet"
      ? PAYOUT_TEXT.paidToWallet(decided.amountCents)
      : form.intent === "pay-elsewhere"
        ? PAYOUT_TEXT.paidElsewhere(decided.amountCents)
        : PAYOUT_TEXT.rejected;
  const title = decided.status === "paid" ? PAYOUT_TEXT.paidTitle : PAYOUT_TEXT.rejectedTitle;
  return { ok: true, notice: { title, message } };
}
