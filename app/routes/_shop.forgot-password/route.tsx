import { useEffect } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { Input } from "../../components/ui/input.tsx";
import { useToast } from "../../components/ui/toaster.tsx";
import { ACCOUNT_TEXT } from "../../domain/accounts/messages.ts";
import { requestPasswordReset } from "../../domain/accounts/passwords.server.ts";
import { firstIssue, forgotPasswordSchema } from "../../domain/accounts/schemas.ts";
import { refusalAnswer } from "../../domain/refusal-answer.server.ts";
import { readForm } from "../../lib/form-body.server.ts";
import { retryAfterHeaders } from "../../lib/rate-limited-answer.ts";
import { pageMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/route";

/** A rate-limited answer keeps its Retry-After on the page (docs/decisions/013). */
export const headers = retryAfterHeaders;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Forgot Password",
    description: "Request a link to reset the password of your Boostly account.",
    path: "/forgot-password",
    matches,
  });

type ActionResult = { ok: true; email: string } | { ok: false; error: string };

export async function action({ request }: Route.ActionArgs) {
  const parsed = forgotPasswordSchema.safeParse(await readForm(request, forgotPasswordSchema));
  if (!parsed.success) return data<ActionResult>({ ok: false, error: firstIssue(parsed.error) });
  // The same answer whether or not the address has an account (product rules 5.5).
  const result = await requestPasswordReset(request, parsed.data.email);
  if (!result.ok) return data<ActionResult>({ ok: false, error: result.message }, refusalAnswer(result).init);
  return data<ActionResult>({ ok: true, email: parsed.data.email });
}

export default function ForgotPasswordPage({ actionData }: Route.ComponentProps) {
  const toast = useToast();
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formMethod === "POST";

  useEffect(() => {
    if (!actionData) return;
    if (actionData.ok) toast({ title: ACCOUNT_TEXT.resetSentTitle, description: ACCOUNT_TEXT.resetSent });
    else toast({ title: ACCOUNT_TEXT.resetFailed, description: actionData.error, variant: "destructive" });
  }, [actionData, toast]);

  return (
    <main className="mx-auto flex max-w-md flex-col px-4 py-16">
      <Card>
        <h1 className="text-2xl font-bold text-slate-900">Forgot Password</h1>
        {actionData?.ok ? (
          <div
            role="status"
            className="mt-4 rounded-lg border border-green-200 bg-green-50 p-4 text-sm text-green-900"
          >
            <p className="font-semibold">{ACCOUNT_TEXT.resetSentTitle}</p>
            <p className="mt-1">{ACCOUNT_TEXT.resetSent}</p>
          </div>
        ) : (
          <p className="mt-1 text-sm text-slate-600">
            Enter your account's e-mail address and we'll send you a link to choose a new password.
          </p>
        )}
        <Form method="post" className="mt-6 space-y-4">
          <Input label="Email" name="email" type="email" autoComplete="email" required />
          <Button type="submit" className="w-full" disabled={submitting}>
            {submitting ? "Sending..." : "Send Reset Link"}
          </Button>
        </Form>
        <p className="mt-6 text-center text-sm text-slate-600">
          Remembered it?{" "}
          <Link to="/login" className="font-medium text-brand-700 hover:underline">
            Back to Sign In
          </Link>
        </p>
      </Card>
    </main>
  );
}
