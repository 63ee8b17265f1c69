import { data } from "react-router";
import { NOT_ADMIN_CODE, signInAsAdmin } from "../../domain/accounts/admin-sign-in.server.ts";
import { ACCOUNT_TEXT } from "../../domain/accounts/messages.ts";
import {
  adminSignUpSchema,
  firstIssue,
  firstIssueKind,
  signInSchema,
} from "../../domain/accounts/schemas.ts";
import { registerAccount } from "../../domain/accounts/sign-up.server.ts";
import { refusalAnswer } from "../../domain/refusal-answer.server.ts";
import { readForm } from "../../lib/form-body.server.ts";
import { redirectWithToast } from "../../lib/toast.server.ts";
import type { AccessTab } from "./access-tabs.tsx";

/** What the page shows after a post: the tab to open, and the refusal's title and text when there is one. */
export type AdminAccessAnswer =
  | { ok: false; intent: AccessTab; title: string; error: string }
  | { ok: true; intent: "create-admin" };

/**
 * The admin-login page's two forms: signing in as an admin (a customer account is refused, product rules on admin
 * rights) and creating an account that becomes an admin once a designated address confirms it.
 */
export async function answerAdminAccess(request: Request) {
  const form = await readForm(request, [signInSchema, adminSignUpSchema]);
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
