import { data } from "react-router";
import {
  type AdminSignInResult,
  NOT_ADMIN_CODE,
  signInAsAdmin,
  verifyAdminSignInCode,
} from "../../domain/accounts/admin-sign-in.server.ts";
import { ACCOUNT_TEXT } from "../../domain/accounts/messages.ts";
import {
  adminSignUpSchema,
  firstIssue,
  firstIssueKind,
  signInSchema,
} from "../../domain/accounts/schemas.ts";
import { registerAccount } from "../../domain/accounts/sign-up.server.ts";
import { signInCodeSchema } from "../../domain/accounts/two-factor-schemas.ts";
import { refusalAnswer } from "../../domain/refusal-answer.server.ts";
import { readForm } from "../../lib/form-body.server.ts";
import { redirectWithToast } from "../../lib/toast.server.ts";
import type { AccessTab } from "./access-tabs.tsx";

/** What the page shows after a post: the tab to open, and the refusal's title and text when there is one. */
export type AdminAccessAnswer =
  | { ok: false; intent: AccessTab; title: string; error: string }
  | { ok: true; intent: "create-admin" }
  // The password was right and the account asks for a second factor (product rules 15.12).
  | { ok: true; intent: "sign-in-code"; email: string; error?: string };

/**
 * The admin-login page's two forms: signing in as an admin (a customer account is refused, product rules on admin
 * rights) and creating an account that becomes an admin once a designated address confirms it.
 */
export async function answerAdminAccess(request: Request) {
  const form = await readForm(request, [signInSchema, adminSignUpSchema, signInCodeSchema]);
  if (form.intent === "sign-in-code") return answerAdminSignInCode(request, form);
  if (form.intent === "create-admin") {
    const parsed = adminSignUpSchema.safeParse(form);
    if (!parsed.success) {
      const title =
        firstIssueKind(parsed.error) === "password_mismatch"
          ? ACCOUNT_TEXT.adminMismatchTitle
          : ACCOUNT_TEXT.adminSignUpFailedTitle;
      return data<AdminAccessAnswer>({
        ok: false,
        intent: "create-admin",
        title,
        error: firstIssue(parsed.error),
      });
    }
    const result = await registerAccount(request, {
      email: parsed.data.email,
      password: parsed.data.password,
      next: "/admin",
    });
    if (!result.ok) {
      return data<AdminAccessAnswer>(
        {
          ok: false,
          intent: "create-admin",
          title: ACCOUNT_TEXT.adminSignUpFailedTitle,
          error: result.message || ACCOUNT_TEXT.adminSignUpFailed,
        },
        refusalAnswer(result).init,
      );
    }
    return data<AdminAccessAnswer>({ ok: true, intent: "create-admin" });
  }
  const parsed = signInSchema.safeParse(form);
  if (!parsed.success) {
    return data<AdminAccessAnswer>({
      ok: false,
      intent: "sign-in",
      title: ACCOUNT_TEXT.loginFailedTitle,
      error: firstIssue(parsed.error),
    });
  }
  const result = await signInAsAdmin(request, { email: parsed.data.email, password: parsed.data.password });
  return answerSignedIn(result, parsed.data.email);
}

/** The second step: the code (or a backup code), then the same answer as a password alone. */
async function answerAdminSignInCode(request: Request, form: Record<string, string>) {
  const parsed = signInCodeSchema.safeParse(form);
  const email = parsed.success ? parsed.data.email : "";
  if (!parsed.success)
    return data<AdminAccessAnswer>({
      ok: true,
      intent: "sign-in-code",
      email,
      error: firstIssue(parsed.error),
    });
  const result = await verifyAdminSignInCode(request, parsed.data);
  if (!result.ok && result.kind === "invalid" && result.field === "code")
    return data<AdminAccessAnswer>({ ok: true, intent: "sign-in-code", email, error: result.message });
  return answerSignedIn(result, email);
}

async function answerSignedIn(result: AdminSignInResult, email: string) {
  if (result.ok && result.secondFactor)
    return data<AdminAccessAnswer>({ ok: true, intent: "sign-in-code", email }, { headers: result.cookies });
  if (result.ok) {
    return redirectWithToast(
      "/admin",
      { title: ACCOUNT_TEXT.adminWelcomeTitle, description: ACCOUNT_TEXT.adminWelcome },
      { headers: result.cookies },
    );
  }
  if (result.code === NOT_ADMIN_CODE) {
    const answer = refusalAnswer(result, { headers: result.cookies });
    return data<AdminAccessAnswer>(
      {
        ok: false,
        intent: "sign-in",
        title: answer.title ?? ACCOUNT_TEXT.adminAccessDeniedTitle,
        error: answer.message,
      },
      answer.init,
    );
  }
  return data<AdminAccessAnswer>(
    {
      ok: false,
      intent: "sign-in",
      title: ACCOUNT_TEXT.loginFailedTitle,
      error: result.message || ACCOUNT_TEXT.adminLoginFailed,
    },
    refusalAnswer(result).init,
  );
}
