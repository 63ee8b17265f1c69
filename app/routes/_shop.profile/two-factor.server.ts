import { data } from "react-router";
import { firstIssue } from "../../domain/accounts/schemas.ts";
import {
  confirmTwoFactorSchema,
  startTwoFactorSchema,
  turnOffTwoFactorSchema,
} from "../../domain/accounts/two-factor-schemas.ts";
import {
  confirmTwoFactorSetup,
  startTwoFactorSetup,
  turnOffTwoFactor,
} from "../../domain/accounts/two-factor-setup.server.ts";
import { TWO_FACTOR_TEXT } from "../../domain/accounts/two-factor-text.ts";
import type { Refusal } from "../../domain/refusal.ts";
import { refusalAnswer } from "../../domain/refusal-answer.server.ts";
import type { Database } from "../../lib/database-context.server.ts";
import { redirectWithToast } from "../../lib/toast.server.ts";

/** The Security section's forms (product rules 15.10-15.13). */
export const twoFactorForms = [startTwoFactorSchema, confirmTwoFactorSchema, turnOffTwoFactorSchema] as const;

/** Whether a posted form is one of the Security section's. */
export function isTwoFactorForm(form: Record<string, string>): boolean {
  return form.intent?.startsWith("two-factor-") ?? false;
}

/** What the Security section shows after a post: the new key and backup codes, or a refusal beside its field. */
export type TwoFactorAnswer =
  | { ok: true; intent: "two-factor-start"; totpUri: string; secret: string; backupCodes: string[] }
  | { ok: false; intent: string; error: string; field?: string };

function refused(intent: string, refusal: Refusal) {
  const answer = refusalAnswer(refusal);
  return data<TwoFactorAnswer>(
    { ok: false, intent, error: answer.message, field: answer.field },
    answer.init,
  );
}

/** Answers one of the Security section's forms for the signed-in account. */
export async function answerTwoFactorForm(
  database: Database,
  request: Request,
  form: Record<string, string>,
) {
  if (form.intent === "two-factor-start") {
    const parsed = startTwoFactorSchema.safeParse(form);
    if (!parsed.success)
      return data<TwoFactorAnswer>({
        ok: false,
        intent: form.intent,
        error: firstIssue(parsed.error),
        field: "password",
      });
    const setup = await startTwoFactorSetup(request, parsed.data.password);
    if (!setup.ok) return refused(form.intent, setup);
    return data<TwoFactorAnswer>({ intent: "two-factor-start", ...setup });
  }
  if (form.intent === "two-factor-confirm") {
    const parsed = confirmTwoFactorSchema.safeParse(form);
    if (!parsed.success)
      return data<TwoFactorAnswer>({
        ok: false,
        intent: form.intent,
        error: firstIssue(parsed.error),
        field: "code",
      });
    const confirmed = await confirmTwoFactorSetup(database, request, parsed.data.code);
    if (!confirmed.ok) return refused(form.intent, confirmed);
    return redirectWithToast(
      "/profile",
      { title: TWO_FACTOR_TEXT.enabledTitle, description: TWO_FACTOR_TEXT.enabled },
      { headers: confirmed.cookies },
    );
  }
  const parsed = turnOffTwoFactorSchema.safeParse(form);
  if (!parsed.success)
    return data<TwoFactorAnswer>({
      ok: false,
      intent: "two-factor-off",
      error: firstIssue(parsed.error),
      field: "password",
    });
  const turnedOff = await turnOffTwoFactor(request, parsed.data.password);
  if (!turnedOff.ok) return refused("two-factor-off", turnedOff);
  return redirectWithToast(
    "/profile",
    { title: "Success", description: TWO_FACTOR_TEXT.disabled },
    { headers: turnedOff.cookies },
  );
}
