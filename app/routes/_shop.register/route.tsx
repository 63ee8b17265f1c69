import { useEffect } from "react";
import { data, Form, Link, useFetcher, useNavigation, useSearchParams } from "react-router";
import { usePasswordCheck } from "../../components/account/use-password-check.ts";
import { AccountFormError } from "../../components/layout/page-error.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { Input } from "../../components/ui/input.tsx";
import { useToast } from "../../components/ui/toaster.tsx";
import { ACCOUNT_TEXT } from "../../domain/accounts/messages.ts";
import { firstIssue, firstIssueKind, registerSchema, resendSchema } from "../../domain/accounts/schemas.ts";
import { safeNextPath } from "../../domain/accounts/session.server.ts";
import { registerAccount } from "../../domain/accounts/sign-up.server.ts";
import { refusalAnswer } from "../../domain/refusal-answer.server.ts";
import { track } from "../../lib/analytics.ts";
import { readForm } from "../../lib/form-body.server.ts";
import type { PageHandle } from "../../lib/page-query.ts";
import { retryAfterHeaders } from "../../lib/rate-limited-answer.ts";
import { pageMeta } from "../../lib/seo.ts";
import { answerResend, type ResendResult, redirectSignedInUser } from "../shared/account-forms.server.ts";
import type { Route } from "./+types/route";

/** A rate-limited answer keeps its Retry-After on the page (docs/decisions/013). */
export const headers = retryAfterHeaders;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Create Account",
    description: "Create your Boostly account to start growing on Instagram, TikTok, YouTube and Spotify.",
    path: "/register",
    matches,
  });

type ActionResult =
  | { ok: true; intent: "register"; email: string }
  | { ok: false; intent: "register"; error: string; title: string }
  | ResendResult;

/** The query parameters this page reads: its kept address holds these and no others (docs/decisions/035). */
export const handle: PageHandle = { pageQuery: ["next"] };

export async function loader({ request }: Route.LoaderArgs) {
  await redirectSignedInUser(request);
  return null;
}

export async function action({ request }: Route.ActionArgs) {
  const form = await readForm(request, [registerSchema, resendSchema]);
  if (form.intent === "resend") return answerResend(request, form);
  const parsed = registerSchema.safeParse(form);
  if (!parsed.success) {
    const kind = firstIssueKind(parsed.error);
    const title =
      kind === "password_mismatch"
        ? ACCOUNT_TEXT.passwordMismatchTitle
        : kind === "password_too_short"
          ? ACCOUNT_TEXT.passwordTooShortTitle
          : ACCOUNT_TEXT.registrationFailedTitle;
    return data<ActionResult>({ ok: false, intent: "register", title, error: firstIssue(parsed.error) });
  }
  const result = await registerAccount(request, {
    email: parsed.data.email,
    password: parsed.data.password,
    next: safeNextPath(parsed.data.next, "/"),
  });
  if (!result.ok) {
    return data<ActionResult>(
      { ok: false, intent: "register", title: ACCOUNT_TEXT.registrationFailedTitle, error: result.message },
      refusalAnswer(result).init,
    );
  }
  return data<ActionResult>({ ok: true, intent: "register", email: parsed.data.email });
}

export default function RegisterPage({ actionData }: Route.ComponentProps) {
  const toast = useToast();
  const navigation = useNavigation();
  const [searchParams] = useSearchParams();
  const next = searchParams.get("next") ?? "";
  const submitting = navigation.state !== "idle" && navigation.formData?.get("intent") === "register";
  const resend = useFetcher<ActionResult>();

  useEffect(() => {
    if (actionData?.intent !== "register") return;
    if (actionData.ok) track("sign_up", { method: "email" });
    if (actionData.ok)
      toast({ title: ACCOUNT_TEXT.registrationSuccessTitle, description: ACCOUNT_TEXT.registrationSuccess });
    else toast({ title: actionData.title, description: actionData.error, variant: "destructive" });
  }, [actionData, toast]);

  useEffect(() => {
    if (!resend.data) return;
    if (resend.data.ok)
      toast({ title: "Confirmation e-mail sent", description: "Please check your inbox (and spam folder)." });
    else if (resend.data.intent === "resend")
      toast({ title: "Error", description: resend.data.error, variant: "destructive" });
  }, [resend.data, toast]);

  const { checkPasswords } = usePasswordCheck("sign-up", "password");

  const loginHref = next ? `/login?next=${encodeURIComponent(next)}` : "/login";

  if (actionData?.intent === "register" && actionData.ok) {
    return (
      <main className="mx-auto flex max-w-md flex-col px-4 py-16">
        <Card>
          <h1 className="text-2xl font-bold text-slate-900">Check your inbox</h1>
          <p className="mt-2 text-slate-600">
            We've sent a confirmation link to <strong className="text-slate-900">{actionData.email}</strong>.
            Open it to activate your account, then sign in. The link expires in 24 hours.
          </p>
          <p className="mt-2 text-sm text-slate-500">
            Can't find it? Check your spam folder, or send a new link.
          </p>
          <resend.Form method="post" className="mt-6 flex flex-wrap gap-3">
            <input type="hidden" name="intent" value="resend" />
            <input type="hidden" name="email" value={actionData.email} />
            <input type="hidden" name="next" value={next} />
            <Button type="submit" variant="secondary" disabled={resend.state !== "idle"}>
              {resend.state !== "idle" ? "Sending..." : "Resend confirmation e-mail"}
            </Button>
            <Link
              to={loginHref}
              className="inline-flex items-center px-2 text-sm font-medium text-brand-700 hover:underline"
            >
              Go to Sign In
            </Link>
          </resend.Form>
        </Card>
      </main>
    );
  }

  return (
    <main className="mx-auto flex max-w-md flex-col px-4 py-16">
      <Card>
        <h1 className="text-2xl font-bold text-slate-900">Create Account</h1>
        <p className="mt-1 text-sm text-slate-600">Sign up to start growing your social media presence.</p>
        <Form method="post" className="mt-6 space-y-4" onSubmit={checkPasswords}>
          <input type="hidden" name="intent" value="register" />
          <input type="hidden" name="next" value={next} />
          <Input label="Email" name="email" type="email" autoComplete="email" required />
          <Input
            label="Password"
            name="password"
            type="password"
            autoComplete="new-password"
            required
            hint="At least 6 characters."
          />
          <Input
            label="Confirm Password"
            name="confirmPassword"
            type="password"
            autoComplete="new-password"
            required
          />
          <Button type="submit" className="w-full" disabled={submitting}>
            {submitting ? "Creating account..." : "Create Account"}
          </Button>
        </Form>
        <p className="mt-6 text-center text-sm text-slate-600">
          Already have an account?{" "}
          <Link to={loginHref} className="font-medium text-brand-700 hover:underline">
            Sign in
          </Link>
        </p>
      </Card>
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AccountFormError error={error} title="Registration is unavailable" />;
}
