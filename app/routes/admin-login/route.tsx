import { type FormEvent, type KeyboardEvent, useEffect, useRef, useState } from "react";
import { data, Form, redirect, useNavigation } from "react-router";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { Input } from "../../components/ui/input.tsx";
import { useToast } from "../../components/ui/toaster.tsx";
import { NOT_ADMIN_CODE, signInAsAdmin } from "../../domain/accounts/admin-sign-in.server.ts";
import { ACCOUNT_TEXT } from "../../domain/accounts/messages.ts";
import { ADMIN_MIN_PASSWORD_LENGTH } from "../../domain/accounts/password-rules.ts";
import {
  adminSignUpSchema,
  firstIssue,
  firstIssueKind,
  signInSchema,
} from "../../domain/accounts/schemas.ts";
import { getCurrentUser } from "../../domain/accounts/session.server.ts";
import { registerAccount } from "../../domain/accounts/sign-up.server.ts";
import { refusalAnswer } from "../../domain/refusal-answer.server.ts";
import { retryAfterHeaders } from "../../domain/security/rate-limited-answer.ts";
import { readForm } from "../../lib/form-body.server.ts";
import { redirectWithToast } from "../../lib/toast.server.ts";
import type { Route } from "./+types/route";

/** A rate-limited answer keeps its Retry-After on the page (docs/decisions/013). */
export const headers = retryAfterHeaders;

type Tab = "sign-in" | "create-admin";
type ActionResult =
  | { ok: false; intent: Tab; title: string; error: string }
  | { ok: true; intent: "create-admin" };

export async function loader({ request }: Route.LoaderArgs) {
  const user = await getCurrentUser(request);
  if (user?.isAdmin) throw redirect("/admin");
  return null;
}

export async function action({ request }: Route.ActionArgs) {
  const form = await readForm(request, [signInSchema, adminSignUpSchema]);
  if (form.intent === "create-admin") {
    const parsed = adminSignUpSchema.safeParse(form);
    if (!parsed.success) {
      const title =
        firstIssueKind(parsed.error) === "password_mismatch"
          ? ACCOUNT_TEXT.adminMismatchTitle
          : ACCOUNT_TEXT.adminSignUpFailedTitle;
      return data<ActionResult>({
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
      return data<ActionResult>(
        {
          ok: false,
          intent: "create-admin",
          title: ACCOUNT_TEXT.adminSignUpFailedTitle,
          error: result.message || ACCOUNT_TEXT.adminSignUpFailed,
        },
        refusalAnswer(result).init,
      );
    }
    return data<ActionResult>({ ok: true, intent: "create-admin" });
  }
  const parsed = signInSchema.safeParse(form);
  if (!parsed.success) {
    return data<ActionResult>({
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
    const answer = refusalAnswer(result, result.cookies);
    return data<ActionResult>(
      {
        ok: false,
        intent: "sign-in",
        title: answer.title ?? ACCOUNT_TEXT.adminAccessDeniedTitle,
        error: answer.message,
      },
      answer.init,
    );
  }
  return data<ActionResult>(
    {
      ok: false,
      intent: "sign-in",
      title: ACCOUNT_TEXT.loginFailedTitle,
      error: result.message || ACCOUNT_TEXT.adminLoginFailed,
    },
    refusalAnswer(result).init,
  );
}

const TABS: { id: Tab; label: string }[] = [
  { id: "sign-in", label: "Sign In" },
  { id: "create-admin", label: "Create Admin" },
];

export default function AdminLoginPage({ actionData }: Route.ComponentProps) {
  const toast = useToast();
  const navigation = useNavigation();
  const [tab, setTab] = useState<Tab>("sign-in");
  const [showPassword, setShowPassword] = useState(false);
  const tabRefs = useRef<Record<Tab, HTMLButtonElement | null>>({ "sign-in": null, "create-admin": null });
  const busyIntent = navigation.state !== "idle" ? navigation.formData?.get("intent") : null;

  useEffect(() => {
    if (!actionData) return;
    if (actionData.ok) {
      toast({ title: ACCOUNT_TEXT.adminCreatedTitle, description: ACCOUNT_TEXT.adminCreated });
      setTab("sign-in");
    } else {
      toast({ title: actionData.title, description: actionData.error, variant: "destructive" });
      setTab(actionData.intent);
    }
  }, [actionData, toast]);

  function onTabKey(event: KeyboardEvent<HTMLButtonElement>) {
    const index = TABS.findIndex((item) => item.id === tab);
    let nextIndex = index;
    if (event.key === "ArrowRight") nextIndex = (index + 1) % TABS.length;
    else if (event.key === "ArrowLeft") nextIndex = (index - 1 + TABS.length) % TABS.length;
    else if (event.key === "Home") nextIndex = 0;
    else if (event.key === "End") nextIndex = TABS.length - 1;
    else return;
    event.preventDefault();
    const next = TABS[nextIndex];
    if (!next) return;
    setTab(next.id);
    tabRefs.current[next.id]?.focus();
  }

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

  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 px-4 py-16">
      <title>Admin Login | Boostly</title>
      <meta name="robots" content="noindex, nofollow" />
      <Card className="w-full max-w-md">
        <h1 className="text-2xl font-bold text-slate-900">Admin Portal</h1>
        <p className="mt-1 text-sm text-slate-600">Sign in to manage Boostly.</p>
        <div
          role="tablist"
          aria-label="Admin access"
          className="mt-6 grid grid-cols-2 gap-1 rounded-lg bg-slate-100 p-1"
        >
          {TABS.map((item) => (
            <button
              key={item.id}
              ref={(element) => {
                tabRefs.current[item.id] = element;
              }}
              type="button"
              role="tab"
              id={`tab-${item.id}`}
              aria-selected={tab === item.id}
              aria-controls={`panel-${item.id}`}
              tabIndex={tab === item.id ? 0 : -1}
              onClick={() => setTab(item.id)}
              onKeyDown={onTabKey}
              className={`rounded-md px-3 py-2 text-sm font-medium ${tab === item.id ? "bg-white text-slate-900 shadow-sm" : "text-slate-600"}`}
            >
              {item.label}
            </button>
          ))}
        </div>
        {tab === "sign-in" ? (
          <div role="tabpanel" id="panel-sign-in" aria-labelledby="tab-sign-in" className="mt-6">
            <Form method="post" className="space-y-4">
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
