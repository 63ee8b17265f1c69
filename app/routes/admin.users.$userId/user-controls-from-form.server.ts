import { setAccountDiscount } from "../../domain/accounts/set-account-discount.server.ts";
import { suspendAccount, unsuspendAccount } from "../../domain/accounts/suspend-account.server.ts";
import { discountForm, suspendForm } from "../../domain/accounts/user-controls-forms.ts";
import { DISCOUNT_TEXT, SUSPENSION_TEXT } from "../../domain/accounts/user-controls-text.ts";
import { type ChangeMade, formRefusal } from "../../domain/admin-form.ts";
import type { Notice } from "../../domain/notice.ts";
import { issuesByField, type Refusal } from "../../domain/refusal.ts";
import { refusalAnswer } from "../../domain/refusal-answer.server.ts";
import type { Database } from "../../lib/database-context.server.ts";

type Answer = { ok: boolean; notice: Notice; fieldErrors?: Record<string, string> };

/** The user page's Suspend (intent=suspend, with its reason) and Unsuspend (intent=unsuspend) forms. */
export async function suspendFromForm(
  db: Database,
  input: { adminId: string; userId: string; form: Record<string, unknown> },
): Promise<Answer> {
  const { adminId, userId } = input;
  if (input.form.intent === "unsuspend") return answerChange(await unsuspendAccount(db, { adminId, userId }));
  const parsed = suspendForm.safeParse(input.form);
  return answerChange(
    parsed.success
      ? await suspendAccount(db, { adminId, userId, reason: parsed.data.reason })
      : formRefusal(SUSPENSION_TEXT.refusedTitle, issuesByField(parsed.error)),
  );
}

/** The user page's Discount (intent=set-discount, product rules 15.27): a percent, read by the form's schema. */
export async function discountFromForm(
  db: Database,
  input: { adminId: string; userId: string; form: Record<string, unknown> },
): Promise<Answer> {
  const parsed = discountForm.safeParse(input.form);
  return answerChange(
    parsed.success
      ? await setAccountDiscount(db, {
          adminId: input.adminId,
          userId: input.userId,
          discountTenths: parsed.data.discount,
        })
      : formRefusal(DISCOUNT_TEXT.refusedTitle, issuesByField(parsed.error)),
  );
}

/** A user control's answer: its toast, or its refusal's with the message beside each field at fault. */
export function answerChange(result: ChangeMade | Refusal): Answer {
  return result.ok ? { ok: true, notice: result.notice } : refusalAnswer(result).body;
}
