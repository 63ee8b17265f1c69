import { type FormEvent, useEffect, useState } from "react";
import { Form, redirect, useNavigation } from "react-router";
import { SignInCodeForm } from "../../components/account/sign-in-code-form.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { Input } from "../../components/ui/input.tsx";
import { useToast } from "../../components/ui/toaster.tsx";
import { ACCOUNT_TEXT } from "../../domain/accounts/messages.ts";
import { ADMIN_MIN_PASSWORD_LENGTH } from "../../domain/accounts/password-rules.ts";
import { getCurrentUser } from "../../domain/accounts/session.server.ts";
import { staffAccessProblem } from "../../domain/accounts/staff-access.server.ts";
import { retryAfterHeaders } from "../../lib/rate-limited-answer.ts";
import type { Route } from "./+types/route";
import { type AccessTab, AccessTabs } from "./access-tabs.tsx";
import { answerAdminAccess } from "./admin-access.server.ts";

/** A rate-limited answer keeps its Retry-After on the page (docs/decisions/013). */
export const headers = retryAfterHeaders;

export async function loader({ request }: Route.LoaderArgs) {
  const user = await getCurrentUser(request);
  if (user?.staffRole && !staffAccessProblem(user)) throw redirect("/admin");
  return null;
}

export async function action({ request }: Route.ActionArgs) {
  return answerAdminAccess(request);
}

export default function AdminLoginPage({ actionData }: Route.ComponentProps) {
  const toast = useToast();
  const navigation = useNavigation();
  const [tab, setTab] = useState<AccessTab>("sign-in");
  const [showPassword, setShowPassword] = useState(false);
  const busyIntent = navigation.state !== "idle" ? navigation.formData?.get("intent") : null;

  useEffect(() => {
    if (!actionData || actionData.intent === "sign-in-code") return;
    if (actionData.ok) {
      toast({ title: ACCOUNT_TEXT.adminCreatedTitle, description: ACCOUNT_TEXT.adminCreated });
      setTab("sign-in");
    } else {
      toast({ title: actionData.title, description: actionData.error, variant: "destructive" });
      setTab(actionData.intent);
    }
  }, [actionData, toast]);

  function checkCreate(event: FormEvent<HTMLFormElement>) {
    const form = new FormData(event.currentTarget);
    const password = String(form.get("password") ?? "");
    const confirmPassword = String(form.get("confirmPassword") ?? "");
    if (password !== confirmPassword) {
      event.preventDefault();
      toast({
        title: ACCOUNT_TEXT.adminMismatchTitle,
        description: ACCOUNT_TEXT.adminMismatch,
        variant: "destructive",
      });
    } else if (password.length < ADMIN_MIN_PASSWORD_LENGTH) {
      event.preventDefault();
      toast({
        title: ACCOUNT_TEXT.adminSignUpFailedTitle,
        description: ACCOUNT_TEXT.adminPasswordTooShort,
        variant: "destructive",
      });
    }
  }

  const toggle = (
    <button
      type="button"
      onClick={() => setShowPassword((shown) => !shown)}
      aria-pressed={showPassword}
      className="rounded px-2 py-1 text-xs font-medium text-brand-700 hover:bg-brand-50"
    >
      {showPassword ? "Hide password" : "Show password"}
    </button>
  );
  const passwordType = showPassword ? "text" : "password";
  const codeStep = actionData?.ok && actionData.intent === "sign-in-code" ? actionData : null;

  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 px-4 py-16">
      <title>Admin Login | Boostly</title>
      <meta name="robots" content="noindex, nofollow" />
      <Card className="w-full max-w-md">
        <h1 className="text-2xl font-bold text-slate-900">Admin Portal</h1>
        <p className="mt-1 text-sm text-slate-600">Sign in to manage Boostly.</p>
        <AccessTabs tab={tab} onSelect={setTab} />
        {tab === "sign-in" ? (
          <div role="tabpanel" id="panel-sign-in" aria-labelledby="tab-sign-in" className="mt-6">
            {codeStep ? (
              <SignInCodeForm
                email={codeStep.email}
                error={codeStep.error}
                busy={busyIntent === "sign-in-code"}
              />
            ) : null}
            <Form method="post" className="space-y-4" hidden={Boolean(codeStep)}>
              <input type="hidden" name="intent" value="sign-in" />
              <Input label="Email" name="email" type="email" autoComplete="email" required />
              <Input
                label="Password"
                name="password"
                type={passwordType}
                autoComplete="current-password"
                required
                trailing={toggle}
              />
              <Button type="submit" className="w-full" disabled={busyIntent === "sign-in"}>
                {busyIntent === "sign-in" ? "Signing in..." : "Sign In"}
              </Button>
            </Form>
          </div>
        ) : (
          <div role="tabpanel" id="panel-create-admin" aria-labelledby="tab-create-admin" className="mt-6">
            <Form method="post" className="space-y-4" onSubmit={checkCreate}>
              <input type="hidden" name="intent" value="create-admin" />
              <Input label="Email" name="email" type="email" autoComplete="email" required />
              <Input
                label="Password"
                name="password"
                type={passwordType}
                autoComplete="new-password"
                required
                trailing={toggle}
                hint="At least 8 characters."
              />
              <Input
                label="Confirm Password"
                name="confirmPassword"
                type={passwordType}
                autoComplete="new-password"
                required
              />
              <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
                Note: only designated admin addresses get admin rights automatically, after confirming their
                e-mail. Other accounts are created as regular customer accounts.
              </p>
              <Button type="submit" className="w-full" disabled={busyIntent === "create-admin"}>
                {busyIntent === "create-admin" ? "Creating Account..." : "Create Admin Account"}
              </Button>
            </Form>
          </div>
        )}
      </Card>
    </main>
  );
}
