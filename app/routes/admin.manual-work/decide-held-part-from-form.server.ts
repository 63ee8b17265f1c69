import { PROVIDER_TEXT } from "../../domain/fulfilment/messages.ts";
import { resendPartForm, resolveHeldForm } from "../../domain/fulfilment/provider-form.ts";
import { resendOrderPart } from "../../domain/fulfilment/resend-order-part.server.ts";
import type { Notice } from "../../domain/notice.ts";
import { settleHeldSubmission } from "../../domain/order-lifecycle/fulfilment-steps.server.ts";
import { issuesByField, refuse } from "../../domain/refusal.ts";
import { refusalAnswer } from "../../domain/refusal-answer.server.ts";
import type { Database } from "../../lib/database-context.server.ts";

export type HeldPartAnswer = { ok: boolean; notice: Notice; errors?: Record<string, string> };

/**
 * The manual work page's held-part forms: "Resend" (resendOrderPart) and "Mark resolved", with or without the
 * provider's order id (settleHeldSubmission); answered with the toast and any field's message.
 */
export async function decideHeldPartFromForm(
  db: Database,
  input: { adminId: string; form: Record<string, unknown> },
): Promise<HeldPartAnswer> {
  const decided = await decide(db, input);
  if (decided.ok) return { ok: true, notice: decided.notice };
  const { body } = refusalAnswer(decided);
  return { ok: false, notice: body.notice, ...(decided.fieldErrors ? { errors: body.fieldErrors } : {}) };
}

async function decide(db: Database, input: { adminId: string; form: Record<string, unknown> }) {
  if (input.form.intent === "resend") {
    const parsed = resendPartForm.safeParse(input.form);
    if (!parsed.success)
      return refuse("invalid", PROVIDER_TEXT.invalid, { fieldErrors: issuesByField(parsed.error) });
    const { fulfilmentId, providerId, providerServiceId } = parsed.data;
    return resendOrderPart(db, { adminId: input.adminId, fulfilmentId, providerId, providerServiceId });
  }
  const parsed = resolveHeldForm.safeParse(input.form);
  if (!parsed.success)
    return refuse("invalid", PROVIDER_TEXT.invalid, { fieldErrors: issuesByField(parsed.error) });
  return settleHeldSubmission(db, {
    adminId: input.adminId,
    fulfilmentId: parsed.data.fulfilmentId,
    decision: "resolve",
    providerOrderId: parsed.data.providerOrderId,
  });
}
