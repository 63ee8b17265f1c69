import { useEffect } from "react";
import { data, Form, Link, useFetcher, useNavigation, useSearchParams } from "react-router";
import { SignInCodeForm } from "../../components/account/sign-in-code-form.tsx";
import { AccountFormError } from "../../components/layout/page-error.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { Input } from "../../components/ui/input.tsx";
import { useToast } from "../../components/ui/toaster.tsx";
import { ACCOUNT_TEXT } from "../../domain/accounts/messages.ts";
import { firstIssue, resendSchema, signInSchema } from "../../domain/accounts/schemas.ts";
import { safeNextPath } from "../../domain/accounts/session.server.ts";
import { signInWithPassword, UNVERIFIED_CODE } from "../../domain/accounts/sign-in.server.ts";
import { CHALLENGE_EXPIRED_CODE, verifySignInCode } from "../../domain/accounts/sign-in-code.server.ts";
import { signInCodeSchema } from "../../domain/accounts/two-factor-schemas.ts";
import { refusalAnswer } from "../../domain/refusal-answer.server.ts";
import { track } from "../../lib/analytics.ts";
import { readForm } from "../../lib/form-body.server.ts";
import { useHydrated } from "../../lib/hydrated.ts";
import type { PageHandle } from "../../lib/page-query.ts";
import { retryAfterHeaders } from "../../lib/rate-limited-answer.ts";
import { pageMeta } from "../../lib/seo.ts";
import { redirectWithToast } from "../../lib/toast.server.ts";
import { answerResend, type ResendResult, redirectSignedInUser } from "../shared/account-forms.server.ts";
import type { Route } from "./+types/route";

/** A rate-limited answer keeps its Retry-After on the page (docs/decisions/013). */
export const headers = retryAfterHeaders;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Sign In",
    description: "Sign in to your Boostly account to order, top up your wallet and follow your orders.",
    path: "/login",
    matches,
  });

type ActionResult =
  | { ok: false; intent: "sign-in"; error: string; unverified?: boolean; email?: string }
  // The password was right and the account asks for a second factor: the code step (product rules 15.12).
  | { ok: true; intent: "sign-in-code"; email: string; error?: string }
  | ResendResult;

/** The query parameters this page reads: its kept address holds these and no others (docs/decisions/035). */
export const handle: PageHandle = { pageQuery: ["next"] };

export async function loader({ request }: Route.LoaderArgs) {
  await redirectSignedInUser(request);
  return null;
}

export async function action({ request }: Route.ActionArgs) {
  const form = await readForm(request, [signInSchema, resendSchema, signInCodeSchema]);
  if (form.intent === "resend") return answerResend(request, form);
  if (form.intent === "sign-in-code") return answerSignInCode(request, form);
  const parsed = signInSchema.safeParse(form);
  if (!parsed.success)
    return data<ActionResult>({ ok: false, intent: "sign-in", error: firstIssue(parsed.error) });
  const next = safeNextPath(parsed.data.next);
  const result = await signInWithPassword(request, { ...parsed.data, callbackPath: next });
  if (result.ok && result.secondFactor)
    return data<ActionResult>(
      { ok: true, intent: "sign-in-code", email: parsed.data.email },
      { headers: result.cookies },
    );
  if (!result.ok) {
    return data<ActionResult>(
      {
        ok: false,
        intent: "sign-in",
        error: result.message,
        unverified: result.code === UNVERIFIED_CODE,
        email: parsed.data.email,
      },
      refusalAnswer(result).init,
    );
  }
  return redirectWithToast(
    next,
    { title: ACCOUNT_TEXT.loginSuccessTitle, description: ACCOUNT_TEXT.loginSuccess },
    { headers: result.cookies },
  );
}

/** The second step: a right code signs in; a wrong one is said beside the field; an expired step starts over. */
async function answerSignInCode(request: Request, form: Record<string, string>) {
  const parsed = signInCodeSchema.safeParse(form);
  const email = parsed.success ? parsed.data.email : "";
  if (!parsed.success)
    return data<ActionResult>({ ok: true, intent: "sign-in-code", email, error: firstIssue(parsed.error) });
  const result = await verifySignInCode(request, parsed.data);
  if (result.ok)
    return redirectWithToast(
      safeNextPath(parsed.data.next),
      { title: ACCOUNT_TEXT.loginSuccessTitle, description: ACCOUNT_TEXT.loginSuccess },
      { headers: result.cookies },
    );
  if (result.code === CHALLENGE_EXPIRED_CODE || result.kind !== "invalid")
    return data<ActionResult>(
      { ok: false, intent: "sign-in", error: result.message, email },
      refusalAnswer(result).init,
    );
  return data<ActionResult>({ ok: true, intent: "sign-in-code", email, error: result.message });
}

export default function LoginPage({ actionData }: Route.ComponentProps) {
  const toast = useToast();
  const navigation = useNavigation();
  const [searchParams] = useSearchParams();
  const next = searchParams.get("next") ?? "";
  const busyIntent = navigation.state !== "idle" ? navigation.formData?.get("intent") : null;
  const submitting = busyIntent === "sign-in";
  const resend = useFetcher<ActionResult>();
  const hydrated = useHydrated();

  useEffect(() => {
    if (actionData && !actionData.ok) {
      toast({ title: ACCOUNT_TEXT.loginFailedTitle, description: actionData.error, variant: "destructive" });
    }
  }, [actionData, toast]);

  useEffect(() => {
    if (!resend.data) return;
    if (resend.data.ok)
      toast({ title: "Confirmation e-mail sent", description: "Please check your inbox (and spam folder)." });
    else if (resend.data.intent === "resend")
      toast({ title: "Error", description: resend.data.error, variant: "destructive" });
  }, [resend.data, toast]);

  const codeStep = actionData?.ok && actionData.intent === "sign-in-code" ? actionData : null;
  const unverified = actionData && !actionData.ok && actionData.intent === "sign-in" && actionData.unverified;
  const registerHref = next ? `/register?next=${encodeURIComponent(next)}` : "/register";

  return (
    <main className="mx-auto flex max-w-md flex-col px-4 py-16">
      <Card>
        <h1 className="text-2xl font-bold text-slate-900">Sign In</h1>
        <p className="mt-1 text-sm text-slate-600">Welcome back! Sign in to your account.</p>
        {unverified ? (
          // The 'Login Failed' toast says why (once, product rules 12.8); the resend button stays here. A page
          // without JavaScript shows no toasts, so there it says why too.
          <div className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
            {hydrated ? null : <p className="mb-2">{ACCOUNT_TEXT.unverified}</p>}
            <resend.Form method="post">
              <input type="hidden" name="intent" value="resend" />
              <input type="hidden" name="email" value={actionData.email ?? ""} />
              <input type="hidden" name="next" value={next} />
              <Button type="submit" variant="secondary" disabled={resend.state !== "idle"}>
                {resend.state !== "idle" ? "Sending..." : "Resend confirmation e-mail"}
              </Button>
            </resend.Form>
          </div>
        ) : null}
        {codeStep ? (
          <SignInCodeForm
            email={codeStep.email}
            next={next}
            error={codeStep.error}
            busy={busyIntent === "sign-in-code"}
          />
        ) : null}
        <Form
          method="post"
          hidden={Boolean(codeStep)}
          className="mt-6 space-y-4"
          onSubmit={() => track("form_submit", { form_name: "login_form" })}
        >
          <input type="hidden" name="intent" value="sign-in" />
          <input type="hidden" name="next" value={next} />
          <Input
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            required
            defaultValue={actionData && "email" in actionData ? actionData.email : undefined}
          />
          <Input label="Password" name="password" type="password" autoComplete="current-password" required />
          <div className="text-right text-sm">
            <Link to="/forgot-password" className="font-medium text-brand-700 hover:underline">
              Forgot password?
            </Link>
          </div>
          <Button type="submit" className="w-full" disabled={submitting}>
            {submitting ? "Signing in..." : "Sign In"}
          </Button>
        </Form>
        <p className="mt-6 text-center text-sm text-slate-600">
          Don't have an account?{" "}
          <Link to={registerHref} className="font-medium text-brand-700 hover:underline">
            Sign up
          </Link>
        </p>
      </Card>
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AccountFormError error={error} title="Sign-in is unavailable" />;
}
