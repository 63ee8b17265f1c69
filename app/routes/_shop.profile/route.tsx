import { useEffect, useMemo, useRef } from "react";
import { data, useFetcher } from "react-router";
import { usePasswordCheck } from "../../components/account/use-password-check.ts";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardHeader } from "../../components/ui/card.tsx";
import { fieldErrorsOf, useFocusFirstInvalid } from "../../components/ui/field-errors.ts";
import { Input } from "../../components/ui/input.tsx";
import { useToast } from "../../components/ui/toaster.tsx";
import { ACCOUNT_TEXT } from "../../domain/accounts/messages.ts";
import { changePassword, requestPasswordReset } from "../../domain/accounts/passwords.server.ts";
import { changePasswordSchema, firstIssue } from "../../domain/accounts/schemas.ts";
import { requireUser } from "../../domain/accounts/session.server.ts";
import { readNotificationPreferences } from "../../domain/notifications/preferences.server.ts";
import type { Refusal } from "../../domain/refusal.ts";
import { refusalAnswer } from "../../domain/refusal-answer.server.ts";
import { createApiKey, listApiKeys, revokeApiKey } from "../../domain/reseller/api-keys.server.ts";
import { shopDatabase } from "../../lib/database-context.server.ts";
import { readForm } from "../../lib/form-body.server.ts";
import { retryAfterHeaders } from "../../lib/rate-limited-answer.ts";
import { redirectWithToast } from "../../lib/toast.server.ts";
import type { Route } from "./+types/route";
import { type ApiKeyActionResult, ApiKeysCard } from "./api-keys-card.tsx";
import { notificationsForm, saveNotificationsFromForm } from "./notifications.server.ts";
import { NotificationsCard } from "./notifications-card.tsx";
import { SecurityTipsCard } from "./security-tips-card.tsx";
import { answerTwoFactorForm, isTwoFactorForm, twoFactorForms } from "./two-factor.server.ts";
import { TwoFactorCard } from "./two-factor-card.tsx";

/** A rate-limited answer keeps its Retry-After on the page (docs/decisions/013). */
export const headers = retryAfterHeaders;

/** A refusal names the field it is about, when there is one: the form says it beside that field. */
type ActionResult = { ok: true; message: string } | { ok: false; error: string; field?: string };

/** The update form's fields, in the form's order. */
const PASSWORD_FIELDS = ["currentPassword", "newPassword", "confirmPassword"] as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const [apiKeys, notifications] = await Promise.all([
    listApiKeys(shopDatabase(context), user.id),
    readNotificationPreferences(shopDatabase(context), user.id),
  ]);
  return {
    notifications,
    twoFactorEnabled: user.twoFactorEnabled,
    email: user.email,
    id: user.id,
    createdAt: user.createdAt.toISOString(),
    apiKeys: apiKeys.map((key) => ({
      ...key,
      createdAt: key.createdAt.toISOString(),
      lastUsedAt: key.lastUsedAt?.toISOString() ?? null,
    })),
  };
}

const PROFILE_FORMS = [changePasswordSchema, notificationsForm, ...twoFactorForms, "name", "keyId"];

/** A refused key change: the card shows the message (refusalAnswer: 200, the form explains it). */
function answerKeyRefusal(refusal: Refusal) {
  const answer = refusalAnswer(refusal);
  return data<ApiKeyActionResult>({ ok: false, error: answer.message, field: answer.field }, answer.init);
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request);
  const form = await readForm(request, PROFILE_FORMS);
  if (isTwoFactorForm(form)) return answerTwoFactorForm(shopDatabase(context), request, form);
  if (form.intent === "save-notifications")
    return saveNotificationsFromForm(shopDatabase(context), { userId: user.id, form });
  if (form.intent === "create-api-key") {
    const created = await createApiKey(shopDatabase(context), { userId: user.id, name: form.name ?? "" });
    if (!created.ok) return answerKeyRefusal(created);
    return data<ApiKeyActionResult>({
      ok: true,
      intent: "create-api-key",
      key: created.key,
      name: created.apiKey.name,
    });
  }
  if (form.intent === "revoke-api-key") {
    const revoked = await revokeApiKey(shopDatabase(context), { userId: user.id, keyId: form.keyId ?? "" });
    if (!revoked.ok) return answerKeyRefusal(revoked);
    return data<ApiKeyActionResult>({ ok: true, intent: "revoke-api-key", name: "" });
  }
  if (form.intent === "send-reset") {
    if (!user.email) return data<ActionResult>({ ok: false, error: ACCOUNT_TEXT.noEmail });
    const result = await requestPasswordReset(request, user.email);
    if (!result.ok)
      return data<ActionResult>(
        { ok: false, error: result.message || ACCOUNT_TEXT.resetFailed },
        refusalAnswer(result).init,
      );
    return data<ActionResult>({ ok: true, message: ACCOUNT_TEXT.resetSentTitle });
  }
  const parsed = changePasswordSchema.safeParse(form);
  if (!parsed.success) {
    const field = parsed.error.issues[0]?.path[0];
    return data<ActionResult>({
      ok: false,
      error: firstIssue(parsed.error),
      field: typeof field === "string" ? field : undefined,
    });
  }
  const result = await changePassword(request, parsed.data);
  if (!result.ok) {
    const answer = refusalAnswer(result);
    return data<ActionResult>(
      { ok: false, error: answer.message || ACCOUNT_TEXT.passwordUpdateFailed, field: answer.field },
      answer.init,
    );
  }
  // The new session's cookie replaces the old one (the session id changes at password change). A redirect, so a
  // form posted without JavaScript renders the page on the new session, never on the revoked one.
  return redirectWithToast(
    "/profile",
    { title: "Success", description: ACCOUNT_TEXT.passwordUpdated },
    { headers: result.cookies },
  );
}

const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "long" });

export default function ProfilePage({ loaderData }: Route.ComponentProps) {
  const toast = useToast();
  const reset = useFetcher<ActionResult>();
  const update = useFetcher<ActionResult>();
  const updateForm = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (!reset.data) return;
    if (reset.data.ok) {
      toast({
        title: ACCOUNT_TEXT.resetSentTitle,
        description: `We've sent a password reset link to ${loaderData.email}. Please check your inbox and spam folder.`,
      });
    } else toast({ title: "Error", description: reset.data.error, variant: "destructive" });
  }, [reset.data, toast, loaderData.email]);

  // A refusal about one field is said beside it; one about the whole request (a limit, a fault) in a toast.
  const refused = update.data && !update.data.ok ? update.data : null;
  const answeredErrors = useMemo(
    () => fieldErrorsOf(refused && { field: refused.field, message: refused.error }, PASSWORD_FIELDS),
    [refused],
  );
  useEffect(() => {
    if (refused && !answeredErrors)
      toast({ title: "Error", description: refused.error, variant: "destructive" });
  }, [refused, answeredErrors, toast]);

  // A changed password answers with a redirect (its toast comes with it): the fetcher then ends with no data.
  const updateState = useRef(update.state);
  useEffect(() => {
    const finished = updateState.current !== "idle" && update.state === "idle";
    updateState.current = update.state;
    if (finished && !update.data) updateForm.current?.reset();
  }, [update.state, update.data]);

  const { checkPasswords, errors: typedErrors } = usePasswordCheck("new-password", "newPassword");
  // The browser's own check, when it stopped the form; otherwise the server's answer.
  const passwordErrors = typedErrors ?? (update.state === "idle" ? answeredErrors : null);
  useFocusFirstInvalid(updateForm, passwordErrors);

  return (
    <main className="mx-auto max-w-3xl space-y-6 px-4 py-12">
      <title>Profile | Boostly</title>
      <meta name="robots" content="noindex" />
      <div>
        <h1 className="text-3xl font-bold text-slate-900">Profile</h1>
        <p className="mt-1 text-slate-600">
          Manage your account details, password, notifications and API keys.
        </p>
      </div>

      <Card>
        <CardHeader title="Account Information" />
        <div className="grid gap-4 sm:grid-cols-2">
          <Input label="Email" value={loaderData.email} readOnly />
          <Input label="User ID" value={loaderData.id} readOnly className="font-mono text-xs" />
          <Input label="Account Created" value={dateFormat.format(new Date(loaderData.createdAt))} readOnly />
        </div>
      </Card>

      <Card>
        <CardHeader title="Password and Security" />
        <div className="space-y-6">
          <div>
            <h3 className="font-medium text-slate-900">Reset by e-mail</h3>
            <p className="mt-1 text-sm text-slate-600">
              We'll send a link to {loaderData.email} to choose a new password.
            </p>
            <reset.Form method="post" className="mt-3">
              <input type="hidden" name="intent" value="send-reset" />
              <Button type="submit" variant="secondary" disabled={reset.state !== "idle"}>
                {reset.state !== "idle" ? "Sending..." : "Send reset e-mail"}
              </Button>
            </reset.Form>
          </div>
          <div className="border-t border-slate-200 pt-6">
            <h3 className="font-medium text-slate-900">Update password</h3>
            <update.Form
              method="post"
              ref={updateForm}
              onSubmit={checkPasswords}
              className="mt-3 space-y-4"
              noValidate
            >
              <input type="hidden" name="intent" value="change-password" />
              <Input
                label="Current Password"
                name="currentPassword"
                type="password"
                autoComplete="current-password"
                required
                error={passwordErrors?.currentPassword}
              />
              <Input
                label="New Password"
                name="newPassword"
                type="password"
                autoComplete="new-password"
                hint="At least 6 characters."
                error={passwordErrors?.newPassword}
              />
              <Input
                label="Confirm New Password"
                name="confirmPassword"
                type="password"
                autoComplete="new-password"
                error={passwordErrors?.confirmPassword}
              />
              <Button type="submit" disabled={update.state !== "idle"}>
                {update.state !== "idle" ? "Updating..." : "Update Password"}
              </Button>
            </update.Form>
          </div>
        </div>
      </Card>

      <TwoFactorCard enabled={loaderData.twoFactorEnabled} />

      <NotificationsCard preferences={loaderData.notifications} />

      <ApiKeysCard keys={loaderData.apiKeys} />

      <SecurityTipsCard />
    </main>
  );
}
