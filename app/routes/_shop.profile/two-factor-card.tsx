import { useRef } from "react";
import { useFetcher } from "react-router";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardHeader } from "../../components/ui/card.tsx";
import { useFocusFirstInvalid } from "../../components/ui/field-errors.ts";
import { Input } from "../../components/ui/input.tsx";
import type { TwoFactorAnswer } from "./two-factor.server.ts";

/** The error of a refused post, beside its field (said once, product rules 12.8). */
function fieldError(answer: TwoFactorAnswer | undefined, intent: string, field: string) {
  return answer && !answer.ok && answer.intent === intent && answer.field === field
    ? answer.error
    : undefined;
}

/**
 * Two-factor sign-in on /profile (product rules 15.10-15.13): set up with the password, a key for the
 * authenticator app (its otpauth address and the key as text), backup codes shown once and a first code to
 * confirm; or turned off with the password.
 */
export function TwoFactorCard({ enabled }: { enabled: boolean }) {
  const start = useFetcher<TwoFactorAnswer>();
  const confirm = useFetcher<TwoFactorAnswer>();
  const off = useFetcher<TwoFactorAnswer>();
  const confirmForm = useRef<HTMLFormElement>(null);
  const setup = start.data?.ok ? start.data : null;
  const codeError = fieldError(confirm.data, "two-factor-confirm", "code");
  useFocusFirstInvalid(confirmForm, codeError ? { code: codeError } : null);
  const otherError = (answer: TwoFactorAnswer | undefined) =>
    answer && !answer.ok && !answer.field ? answer.error : null;

  return (
    <Card id="two-factor">
      <CardHeader title="Two-factor sign-in" />
      {enabled ? (
        <div className="space-y-3">
          <p className="text-sm text-slate-700">
            <strong>Two-factor sign-in is on.</strong> Each sign-in asks for a code from your authenticator
            app (or a backup code).
          </p>
          <off.Form method="post" className="space-y-3">
            <input type="hidden" name="intent" value="two-factor-off" />
            <Input
              label="Password"
              name="password"
              type="password"
              autoComplete="current-password"
              required
              error={fieldError(off.data, "two-factor-off", "password")}
            />
            <Button type="submit" variant="secondary" disabled={off.state !== "idle"}>
              {off.state !== "idle" ? "Turning off..." : "Turn off two-factor"}
            </Button>
          </off.Form>
        </div>
      ) : setup ? (
        <div className="space-y-4">
          <p className="text-sm text-slate-700">
            Add this key to your authenticator app (scan or paste the address, or type the key), then enter
            the 6-digit code it shows.
          </p>
          <dl className="space-y-2 text-sm">
            <div>
              <dt className="font-medium text-slate-900">Key</dt>
              <dd className="font-mono break-all text-slate-700" data-testid="two-factor-secret">
                {setup.secret}
              </dd>
            </div>
            <div>
              <dt className="font-medium text-slate-900">Authenticator address</dt>
              <dd className="font-mono text-xs break-all text-slate-700">
                <a href={setup.totpUri} className="text-brand-700 underline">
                  {setup.totpUri}
                </a>
              </dd>
            </div>
          </dl>
          <div>
            <h3 className="font-medium text-slate-900">Backup codes</h3>
            <p className="text-sm text-slate-600">
              Each signs you in once if you lose your phone. They are shown only now: save them somewhere
              safe.
            </p>
            <ul
              aria-label="Backup codes"
              className="mt-2 grid grid-cols-2 gap-1 font-mono text-sm sm:grid-cols-5"
            >
              {setup.backupCodes.map((code) => (
                <li key={code}>{code}</li>
              ))}
            </ul>
          </div>
          <confirm.Form method="post" ref={confirmForm} className="space-y-3" noValidate>
            <input type="hidden" name="intent" value="two-factor-confirm" />
            <Input
              label="Code from your app"
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              required
              error={codeError}
            />
            {otherError(confirm.data) ? (
              <p className="text-sm text-red-700">{otherError(confirm.data)}</p>
            ) : null}
            <Button type="submit" disabled={confirm.state !== "idle"}>
              {confirm.state !== "idle" ? "Verifying..." : "Turn on two-factor"}
            </Button>
          </confirm.Form>
        </div>
      ) : (
        <start.Form method="post" className="space-y-3">
          <p className="text-sm text-slate-700">
            Sign in with a code from an authenticator app as well as your password. Confirm your password to
            begin.
          </p>
          <input type="hidden" name="intent" value="two-factor-start" />
          <Input
            label="Password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            error={fieldError(start.data, "two-factor-start", "password")}
          />
          {otherError(start.data) ? <p className="text-sm text-red-700">{otherError(start.data)}</p> : null}
          <Button type="submit" disabled={start.state !== "idle"}>
            {start.state !== "idle" ? "Starting..." : "Set up two-factor"}
          </Button>
        </start.Form>
      )}
    </Card>
  );
}
