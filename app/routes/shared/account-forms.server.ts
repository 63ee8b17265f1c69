import { data, redirect } from "react-router";
import { firstIssue, resendSchema } from "../../domain/accounts/schemas.ts";
import { getCurrentUser, safeNextPath } from "../../domain/accounts/session.server.ts";
import { resendConfirmation } from "../../domain/accounts/sign-up.server.ts";
import { refusalAnswer } from "../../domain/refusal-answer.server.ts";

/** What the sign-in and sign-up pages answer to "send the confirmation e-mail again". */
export type ResendResult = { ok: true; intent: "resend" } | { ok: false; intent: "resend"; error: string };

/** /login and /register send a signed-in user on to `next` (or the dashboard) instead. */
export async function redirectSignedInUser(request: Request): Promise<void> {
  const next = new URL(request.url).searchParams.get("next");
  if (await getCurrentUser(request)) throw redirect(safeNextPath(next));
}

/** Sends a new confirmation link (the resend button of the sign-in and sign-up pages). */
export async function answerResend(request: Request, form: Record<string, string>) {
  const parsed = resendSchema.safeParse(form);
  if (!parsed.success)
    return data<ResendResult>({ ok: false, intent: "resend", error: firstIssue(parsed.error) });
  const sent = await resendConfirmation(request, {
    email: parsed.data.email,
    next: safeNextPath(parsed.data.next, "/"),
  });
  if (!sent.ok) {
    return data<ResendResult>({ ok: false, intent: "resend", error: sent.message }, refusalAnswer(sent).init);
  }
  return data<ResendResult>({ ok: true, intent: "resend" });
}
