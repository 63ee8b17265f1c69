import { useId } from "react";
import { Form, Link, useNavigation } from "react-router";
import { StatusBadge } from "../../components/dashboard/status-badge.tsx";
import { buttonClass } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { Input } from "../../components/ui/input.tsx";
import { FREE_TRIAL_TEXT, type FREE_TRIALS } from "../../domain/trials/free-trials.ts";
import type { FreeTrialClaim } from "../../domain/trials/list-free-trial-claims.server.ts";

type Trial = (typeof FREE_TRIALS)[number];

/**
 * One free trial: visitors are sent to sign up first; a signed-in customer names the target and claims it
 * for real (once per account); a claimed trial shows its order and status, and one that delivered nothing says
 * why and may be claimed again.
 */
export function FreeTrialCard({
  trial,
  signedIn,
  claim,
  error,
}: {
  trial: Trial;
  signedIn: boolean;
  claim: FreeTrialClaim | undefined;
  error: string | null;
}) {
  const headingId = useId();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("trial") === trial.trial;
  return (
    <Card aria-labelledby={headingId} data-testid={`free-trial-${trial.trial}`} className="flex flex-col">
      <h2 id={headingId} className="text-2xl font-bold text-slate-900">
        {trial.title}
      </h2>
      <p className="mt-2 text-sm text-slate-600">
        {trial.serviceName}, free once per account. No password needed, just your{" "}
        {trial.targetLabel.toLowerCase()}.
      </p>
      <div className="mt-6 flex-1" />
      {!signedIn ? (
        <Link to="/register?next=/free-trial" className={buttonClass("primary", "w-full")}>
          Claim Now
        </Link>
      ) : claim && !claim.notDelivered ? (
        <p className="rounded-lg bg-emerald-50 p-3 text-sm text-emerald-900" data-testid="free-trial-claimed">
          <span className="font-semibold">Claimed</span> · Order {claim.orderNumber}{" "}
          <StatusBadge status={claim.status} />
        </p>
      ) : (
        <Form method="post" className="space-y-3">
          {claim?.notDelivered ? (
            <p
              className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900"
              data-testid="free-trial-not-delivered"
            >
              Order {claim.orderNumber}. {claim.notDelivered}
            </p>
          ) : null}
          <input type="hidden" name="trial" value={trial.trial} />
          <Input
            label={trial.targetLabel}
            name="targetLink"
            placeholder={trial.placeholder}
            autoComplete="off"
            required
            error={error}
          />
          <button type="submit" disabled={busy} className={buttonClass("primary", "w-full")}>
            {busy ? "Claiming..." : claim ? FREE_TRIAL_TEXT.claimAgain : "Claim Now"}
          </button>
        </Form>
      )}
    </Card>
  );
}
