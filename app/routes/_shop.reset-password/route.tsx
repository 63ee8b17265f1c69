import { useMemo, useRef } from "react";
import { data, Form, Link, useNavigation, useSearchParams } from "react-router";
import { usePasswordCheck } from "../../components/account/use-password-check.ts";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { fieldErrorsOf, useFocusFirstInvalid } from "../../components/ui/field-errors.ts";
import { Input } from "../../components/ui/input.tsx";
import { ACCOUNT_TEXT } from "../../domain/accounts/messages.ts";
import { resetPassword } from "../../domain/accounts/passwords.server.ts";
import { firstIssue, resetPasswordSchema } from "../../domain/accounts/schemas.ts";
import { refusalAnswer } from "../../domain/refusal-answer.server.ts";
import { readForm } from "../../lib/form-body.server.ts";
import type { PageHandle } from "../../lib/page-query.ts";
import { redirectWithToast } from "../../lib/toast.server.ts";
import type { Route } from "./+types/route";

export async function action({ request }: Route.ActionArgs) {
  const parsed = resetPasswordSchema.safeParse(await readForm(request, resetPasswordSchema));
  if (!parsed.success) {
    const field = parsed.error.issues[0]?.path[0];
    return data({ error: firstIssue(parsed.error), field: typeof field === "string" ? field : undefined });
  }
  const result = await resetPassword(request, {
    token: parsed.data.token,
    newPassword: parsed.data.password,
  });
  if (!result.ok) {
    const answer = refusalAnswer(result);
    return data({ error: answer.message, field: answer.field }, answer.init);
  }
  return redirectWithToast("/login", {
    title: ACCOUNT_TEXT.passwordResetDoneTitle,
    description: ACCOUNT_TEXT.passwordResetDone,
  });
}

const PASSWORD_FIELDS = ["password", "confirmPassword"] as const;

/** The query parameters this page reads: its kept address holds these and no others (docs/decisions/035). */
export const handle: PageHandle = { pageQuery: ["token"] };

export default function ResetPasswordPage({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token") ?? "";
  const submitting = navigation.state !== "idle" && navigation.formMethod === "POST";

  // The browser's check when it stopped the form, else the server's answer: beside the password field it is
  // about (product rules 12.3), or above the button when it is about the link itself.
  const { checkPasswords, errors: typedErrors } = usePasswordCheck("new-password", "password");
  const answeredErrors = useMemo(
    () =>
      fieldErrorsOf(actionData && { field: actionData.field, message: actionData.error }, PASSWORD_FIELDS),
    [actionData],
  );
  const errors = typedErrors ?? (submitting ? null : answeredErrors);
  const form = useRef<HTMLFormElement>(null);
  useFocusFirstInvalid(form, errors);

  return (
    <main className="mx-auto flex max-w-md flex-col px-4 py-16">
      <title>Choose a New Password | Boostly</title>
      <meta name="robots" content="noindex" />
      <Card>
        <h1 className="text-2xl font-bold text-slate-900">Choose a New Password</h1>
        {token ? (
          <Form method="post" ref={form} className="mt-6 space-y-4" onSubmit={checkPasswords} noValidate>
            <input type="hidden" name="token" value={token} />
            <Input
              label="New Password"
              name="password"
              type="password"
              autoComplete="new-password"
              required
              hint="At least 6 characters."
              error={errors?.password}
            />
            <Input
              label="Confirm New Password"
              name="confirmPassword"
              type="password"
              autoComplete="new-password"
              required
              error={errors?.confirmPassword}
            />
            {actionData && !answeredErrors && !typedErrors ? (
              <p role="alert" className="text-sm text-red-600">
                {actionData.error}
              </p>
            ) : null}
            <Button type="submit" className="w-full" disabled={submitting}>
              {submitting ? "Saving..." : "Reset Password"}
            </Button>
          </Form>
        ) : (
          <p role="alert" className="mt-4 text-slate-600">
            {ACCOUNT_TEXT.resetLinkInvalid}
          </p>
        )}
        <p className="mt-6 text-center text-sm text-slate-600">
          <Link to="/forgot-password" className="font-medium text-brand-700 hover:underline">
            Request a new link
          </Link>
        </p>
      </Card>
    </main>
  );
}
