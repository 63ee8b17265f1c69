import { suspendAccount, unsuspendAccount } from "../../domain/accounts/suspend-account.server.ts";
import { suspendForm } from "../../domain/accounts/user-controls-forms.ts";
import { SUSPENSION_TEXT } from "../../domain/accounts/user-controls-text.ts";
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

/** A user control's answer: its toast, or its refusal's with the message beside each field at fault. */
export function answerChange(result: ChangeMade | Refusal): Answer {
  return result.ok ? { ok: true, notice: result.notice } : refusalAnswer(result).body;
}
