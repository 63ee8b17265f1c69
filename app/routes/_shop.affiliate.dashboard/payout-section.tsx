import { useEffect, useRef } from "react";
import { Form, useNavigation } from "react-router";
import { formatDateTime } from "../../components/dashboard/format.ts";
import { EmptyState } from "../../components/dashboard/section-state.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardHeader } from "../../components/ui/card.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { AFFILIATE_PAGE_TEXT, payoutStateText } from "../../domain/affiliates/affiliate-page-text.ts";
import { formatCents } from "../../lib/format-money.ts";
import type { SummarySection } from "./affiliate-figures.tsx";

/** The payout request (the whole balance) and the payouts asked so far, newest first. */
export function PayoutSection({
  summary,
  minimumPayoutCents,
  refusal,
}: {
  summary: SummarySection;
  minimumPayoutCents: number;
  refusal: string | null;
}) {
  const navigation = useNavigation();
  const requesting =
    navigation.state === "submitting" && navigation.formData?.get("intent") === "request-payout";
  const updating = navigation.state === "loading" && navigation.location.pathname === "/affiliate/dashboard";
  const refusalRef = useRef<HTMLParagraphElement>(null);
  // A refusal is said beside the button and takes the focus, so a screen reader reads it at once.
  useEffect(() => {
    if (refusal) refusalRef.current?.focus();
  }, [refusal]);
  if (!summary.loaded) return null;
  return (
    <Card className="mt-6">
      <CardHeader
        title={AFFILIATE_PAGE_TEXT.payoutsTitle}
        description={`Ask for your whole balance once it reaches ${formatCents(minimumPayoutCents)}.`}
      />
      <Form method="post" className="flex flex-wrap items-center gap-3">
        <input type="hidden" name="intent" value="request-payout" />
        <Button type="submit" disabled={requesting}>
          {requesting ? AFFILIATE_PAGE_TEXT.requesting : AFFILIATE_PAGE_TEXT.requestPayout}
        </Button>
        {refusal ? (
          <p
            ref={refusalRef}
            tabIndex={-1}
            role="alert"
            className="text-sm font-medium text-red-700"
            data-testid="payout-refusal"
          >
            {refusal}
          </p>
        ) : null}
      </Form>
      <div className="mt-6" aria-busy={updating}>
        {updating ? <Spinner label={AFFILIATE_PAGE_TEXT.updating} className="mb-2 h-4 w-4" /> : null}
        {summary.payouts.length === 0 ? (
          <EmptyState testId="payouts-empty">{AFFILIATE_PAGE_TEXT.noPayouts}</EmptyState>
        ) : (
          <ul className="divide-y divide-slate-100" aria-label="Your payouts">
            {summary.payouts.map((payout) => (
              <li
                key={payout.id}
                data-testid="affiliate-payout"
                className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-3"
              >
                <span>
                  <span className="font-semibold text-slate-900">{formatCents(payout.amountCents)}</span>
                  <span className="ml-3 text-sm text-slate-700 wrap-anywhere">{payoutStateText(payout)}</span>
                </span>
                <span className="text-xs text-slate-500">
                  Asked {formatDateTime(new Date(payout.requestedAt).toISOString())}
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Card>
  );
}
