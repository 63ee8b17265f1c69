import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardHeader } from "../../components/ui/card.tsx";
import { Input } from "../../components/ui/input.tsx";
import { useToast } from "../../components/ui/toaster.tsx";
import { readDepositAmount } from "../../domain/payments/deposit-form.ts";
import { MANUAL_DEPOSIT_TEXT, REFERENCE_MAX } from "../../domain/payments/manual-deposit-text.ts";
import { cents } from "../../domain/pricing/cents.ts";
import { formatCents } from "../../lib/format-money.ts";
import type { loader } from "../wallet.manual-deposit/route.ts";

const PATH = "/wallet/manual-deposit";

type Data = Awaited<ReturnType<typeof loader>>;
type Method = Data["methods"][number];
type Claim = Data["claims"][number];
type Answer = {
  ok: boolean;
  notice: { title: string; message: string };
  fieldErrors?: Record<string, string>;
};

const STATE: Record<Claim["status"], { label: string; className: string }> = {
  pending: { label: MANUAL_DEPOSIT_TEXT.pending, className: "bg-amber-50 text-amber-800" },
  completed: { label: MANUAL_DEPOSIT_TEXT.approved, className: "bg-emerald-50 text-emerald-800" },
  failed: { label: MANUAL_DEPOSIT_TEXT.rejected, className: "bg-red-50 text-red-800" },
  expired: { label: MANUAL_DEPOSIT_TEXT.rejected, className: "bg-red-50 text-red-800" },
};

/**
 * The wallet's manual deposit methods (product rules 16.51-16.53): each enabled method's instructions and a claim
 * form, and the customer's claims with their state. Its data comes from its own route (/wallet/manual-deposit),
 * read once the page is up and again whenever the page's data is (a claim, the live balance after an approval).
 */
export function ManualDeposit() {
  const fetcher = useFetcher<Data>();
  const { load } = fetcher;
  const asked = useRef(false);
  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    void load(PATH);
  }, [load]);
  const data = fetcher.data;
  if (!data || (data.methods.length === 0 && data.claims.length === 0)) return null;
  return (
    <section aria-labelledby="manual-deposit-title" className="space-y-4" data-testid="manual-deposit">
      <h2 id="manual-deposit-title" className="text-xl font-bold text-slate-900">
        {MANUAL_DEPOSIT_TEXT.heading}
      </h2>
      {data.methods.length > 0 ? (
        <div className="grid gap-6 md:grid-cols-2">
          {data.methods.map((method) => (
            <MethodCard key={method.id} method={method} />
          ))}
        </div>
      ) : null}
      {data.claims.length > 0 ? <ClaimsCard claims={data.claims} /> : null}
    </section>
  );
}

function MethodCard({ method }: { method: Method }) {
  const fetcher = useFetcher<Answer>();
  const toast = useToast();
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const busy = fetcher.state !== "idle";
  const limits = { minCents: cents(method.minCents), maxCents: cents(method.maxCents) };

  useEffect(() => {
    const answer = fetcher.data;
    if (!answer) return;
    const fieldErrors = answer.ok ? {} : (answer.fieldErrors ?? {});
    setErrors(fieldErrors);
    // A refusal about a field is said beside it; anything else, and a claim made, in a toast (product rules 12.8).
    if (answer.ok) formRef.current?.reset();
    if (answer.ok || Object.keys(fieldErrors).length === 0 || fieldErrors.methodId)
      toast({
        title: answer.notice.title,
        description: answer.notice.message,
        variant: answer.ok ? "default" : "destructive",
      });
  }, [fetcher.data, toast]);

  return (
    <Card data-testid="manual-method">
      <CardHeader
        title={method.name}
        description={`From ${formatCents(method.minCents)} to ${formatCents(method.maxCents)}`}
      />
      <p className="mt-2 rounded-lg bg-slate-50 p-3 text-sm whitespace-pre-wrap break-words text-slate-800">
        {method.instructions}
      </p>
      <fetcher.Form
        ref={formRef}
        method="post"
        action={PATH}
        noValidate
        className="mt-4 space-y-4"
        onSubmit={(event) => {
          const form = new FormData(event.currentTarget);
          const amount = readDepositAmount(String(form.get("amount") ?? ""), limits);
          const reference = String(form.get("reference") ?? "").trim();
          const found: Record<string, string> = {};
          if (!amount.ok) found.amount = amount.message;
          if (reference.length === 0 || reference.length > REFERENCE_MAX)
            found.reference = MANUAL_DEPOSIT_TEXT.reference;
          if (Object.keys(found).length === 0) return;
          event.preventDefault();
          setErrors(found);
          const field = found.amount ? "amount" : "reference";
          event.currentTarget.querySelector<HTMLInputElement>(`[name="${field}"]`)?.focus();
        }}
      >
        <input type="hidden" name="methodId" value={method.id} />
        <Input
          label="Amount you sent (USD)"
          name="amount"
          inputMode="decimal"
          autoComplete="off"
          placeholder="25.00"
          error={errors.amount}
          required
        />
        <Input
          label="Reference on your transfer"
          name="reference"
          autoComplete="off"
          maxLength={REFERENCE_MAX}
          error={errors.reference}
          required
        />
        <Button type="submit" variant="secondary" className="w-full" disabled={busy}>
          {busy ? "Sending..." : "I have paid: claim it"}
        </Button>
      </fetcher.Form>
    </Card>
  );
}

function ClaimsCard({ claims }: { claims: Claim[] }) {
  return (
    <Card data-testid="manual-claims">
      <CardHeader
        title="Your transfer claims"
        description="An admin checks each payment before it is credited."
      />
      <ul className="mt-2 divide-y divide-slate-200">
        {claims.map((claim) => (
          <li
            key={claim.depositId}
            className="flex items-start justify-between gap-3 py-3"
            data-testid="manual-claim"
          >
            <div className="min-w-0 flex-1">
              <p className="font-semibold text-slate-900">
                {formatCents(claim.amountCents)}{" "}
                <span className="font-normal text-slate-600">by {claim.methodName}</span>
              </p>
              <p className="text-xs break-all text-slate-500">Reference {claim.reference}</p>
              {claim.reason ? (
                <p className="mt-1 text-sm break-words text-red-800" data-testid="manual-claim-reason">
                  {claim.reason}
                </p>
              ) : null}
            </div>
            <span
              className={`shrink-0 rounded-full px-3 py-1 text-xs font-semibold ${STATE[claim.status].className}`}
            >
              {STATE[claim.status].label}
            </span>
          </li>
        ))}
      </ul>
    </Card>
  );
}
