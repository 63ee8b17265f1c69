import { suspendAccount, unsuspendAccount } from "../../domain/accounts/suspend-account.server.ts";
import { suspendForm } from "../../domain/accounts/suspension-form.ts";
import { SUSPENSION_TEXT } from "../../domain/accounts/user-controls-text.ts";
import { formRefusal } from "../../domain/admin-form.ts";
import type { Notice } from "../../domain/notice.ts";
import { issuesByField } from "../../domain/refusal.ts";
import { refusalAnswer } from "../../domain/refusal-answer.server.ts";
import type { Database } from "../../lib/database-context.server.ts";

type Answer = { ok: boolean; notice: Notice; fieldErrors?: Record<string, string> };

/** The user page's Suspend (intent=suspend, with its reason) and Unsuspend (intent=unsuspend) forms. */
export async function suspendFromForm(
  db: Database,
  input: { adminId: string; userId: string; form: Record<string, unknown> },
): Promise<Answer> {
  const { adminId, userId } = input;
  if (input.form.intent === "unsuspend") return answer(await unsuspendAccount(db, { adminId, userId }));
  const parsed = suspendForm.safeParse(input.form);
  return answer(
    parsed.success
      ? await suspendAccount(db, { adminId, userId, reason: parsed.data.reason })
      : formRefusal(SUSPENSION_TEXT.refusedTitle, issuesByField(parsed.error)),
  );
}

function answer(result: Awaited<ReturnType<typeof suspendAccount>>): Answer {
  return result.ok ? { ok: true, notice: result.notice } : refusalAnswer(result).body;
}
