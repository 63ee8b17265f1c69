import { useEffect, useRef, useState } from "react";
import {
  data,
  Form,
  redirect,
  useNavigate,
  useNavigation,
  useRevalidator,
  useSearchParams,
} from "react-router";
import { ShopRouteError } from "../../components/layout/page-error.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardHeader } from "../../components/ui/card.tsx";
import { Input } from "../../components/ui/input.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { useToast } from "../../components/ui/toaster.tsx";
import { TransactionList } from "../../components/wallet/transaction-list.tsx";
import { db } from "../../db/client.server.ts";
import { safeNextPath } from "../../domain/accounts/safe-next.ts";
import { requireUser } from "../../domain/accounts/session.server.ts";
import {
  depositFormSchema,
  PAYMENT_RETURN_DELAY_MS,
  QUICK_DEPOSIT_CENTS,
  readDepositAmount,
} from "../../domain/payments/deposit-form.ts";
import { DEPOSIT_TEXT, minimumDepositText } from "../../domain/payments/messages.ts";
import { startDeposit } from "../../domain/payments/start-deposit.server.ts";
import { type Refusal, refuse } from "../../domain/refusal.ts";
import { refusalAnswer } from "../../domain/refusal-answer.server.ts";
import { retryAfterHeaders } from "../../domain/security/rate-limited-answer.ts";
import { readSettings } from "../../domain/settings/read-settings.server.ts";
import { listRecentTransactions } from "../../domain/wallet/list-transactions.server.ts";
import { track } from "../../lib/analytics.ts";
import { readForm } from "../../lib/form-body.server.ts";
import { formatCents } from "../../lib/format-money.ts";
import { pageMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/route";

/** A rate-limited answer keeps its Retry-After on the page (docs/decisions/013). */
export const headers = retryAfterHeaders;

/** A refused deposit; `field` when the refusal is about the amount typed (shown beside the field too). */
type ActionResult = { ok: false; title: string; message: string; field?: "amount" };

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Wallet",
    description: "Your Boostly balance, add funds by card and see your recent transactions.",
    path: "/wallet",
    noindex: true,
    matches,
  });

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const [transactions, settings] = await Promise.all([
    listRecentTransactions(db(), { userId: user.id, limit: 10 }),
    readSettings(db()),
  ]);
  return {
    balanceCents: user.balanceCents,
    transactions,
    minDepositCents: settings.minDepositCents,
    maxDepositCents: settings.maxDepositCents,
    maintenance: settings.maintenanceMode,
  };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const form = depositFormSchema.safeParse(await readForm(request, depositFormSchema));
  if (!form.success)
    return answerRefusal(
      refuse("invalid", DEPOSIT_TEXT.notAnAmount, { title: DEPOSIT_TEXT.invalidAmountTitle }),
    );
  // The page's own reading of the amount; the limits are checked by startDeposit on fresh settings.
  const amount = readDepositAmount(form.data.amount);
  if (!amount.ok) return answerRefusal(amount);
  const started = await startDeposit(db(), {
    userId: user.id,
    amountCents: amount.amountCents,
    returnPath: form.data.next ? safeNextPath(form.data.next, "") : null,
  });
  if (started.ok) return redirect(started.url);
  return answerRefusal(started);
}

/**
 * A refused deposit: the toast, and the message beside the amount field when it is about the amount. Refusals
 * the page explains answer 200 (no failed request in the console), a limit 429 with Retry-After (refusalAnswer);
 * the wallet has always answered maintenance 200 and a payment provider's fault 502 (docs/decisions/017).
 */
function answerRefusal(refusal: Refusal) {
  const answer = refusalAnswer(refusal);
  const field = answer.field === "amount" ? "amount" : undefined;
  const body: ActionResult = { ok: false, title: answer.title ?? "", message: answer.message, field };
  if (refusal.kind === "unavailable") return data(body);
  return data(body, refusal.kind === "failed" ? { status: 502 } : answer.init);
}

/** After a paid checkout: the toast, then (2 s later) fresh data and the page the customer came from. */
function usePaymentReturn() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const toast = useToast();
  const toasted = useRef<string | null>(null);
  const paid = params.get("payment") === "success";
  const next = params.get("next");
  useEffect(() => {
    const key = `${paid}:${next}`;
    if (!paid) toasted.current = null;
    if (!paid || toasted.current === key) return;
    toasted.current = key;
    toast({ title: DEPOSIT_TEXT.paymentSuccessTitle, description: DEPOSIT_TEXT.paymentSuccess });
  }, [paid, next, toast]);
  useEffect(() => {
    if (!paid) return;
    // The credit itself came from the provider's webhook; this only refreshes what the page shows.
    const timer = window.setTimeout(() => {
      const target = safeNextPath(next, "");
      navigate(target || "/wallet", { replace: !target });
    }, PAYMENT_RETURN_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [paid, next, navigate]);
  return paid ? null : next;
}

export default function WalletPage({ loaderData, actionData }: Route.ComponentProps) {
  const toast = useToast();
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const [amount, setAmount] = useState("");
  // What is wrong with the amount, beside the field: checked on sending (not on leaving the field, where the
  // message appearing would move Add Funds away from the click that left it), or the server's answer.
  const [amountError, setAmountError] = useState<string | null>(
    actionData?.field === "amount" ? actionData.message : null,
  );
  const amountInput = useRef<HTMLInputElement>(null);
  const limits = { minCents: loaderData.minDepositCents, maxCents: loaderData.maxDepositCents };
  const next = usePaymentReturn();
  const submitting = navigation.state !== "idle" && navigation.formMethod === "POST";
  const refreshing =
    revalidator.state === "loading" ||
    (navigation.state === "loading" && navigation.location.pathname === "/wallet");

  useEffect(() => {
    if (actionData && !actionData.ok) {
      toast({ title: actionData.title, description: actionData.message, variant: "destructive" });
      if (actionData.field === "amount") setAmountError(actionData.message);
    }
  }, [actionData, toast]);

  function changeAmount(text: string) {
    setAmount(text);
    setAmountError(null);
  }

  /** An amount that is not one, or outside the limits, is explained beside the field and never sent. */
  function checkBeforeSending(event: React.FormEvent<HTMLFormElement>) {
    const reading = readDepositAmount(amount, limits);
    if (!reading.ok) {
      event.preventDefault();
      setAmountError(reading.message);
      toast({ title: DEPOSIT_TEXT.invalidAmountTitle, description: reading.message, variant: "destructive" });
      amountInput.current?.focus();
      return;
    }
    track("add_funds", { currency: "USD", value: reading.amountCents / 100 });
  }

  return (
    <main className="mx-auto max-w-4xl space-y-6 px-4 py-12">
      <div>
        <h1 className="text-3xl font-bold text-slate-900">Wallet</h1>
        <p className="mt-1 text-slate-600">Add funds by card and pay for your orders from your balance.</p>
      </div>

      <div className="grid gap-6 md:grid-cols-2">
        <Card>
          <CardHeader title="Current Balance" />
          <p
            data-testid="wallet-balance"
            className="text-4xl font-extrabold tracking-tight text-slate-900"
            aria-live="polite"
          >
            {formatCents(loaderData.balanceCents)}
          </p>
          <Button
            variant="secondary"
            className="mt-4"
            onClick={() => revalidator.revalidate()}
            disabled={refreshing}
          >
            {refreshing ? <Spinner label="Refreshing balance" className="h-4 w-4" /> : null}
            {refreshing ? "Refreshing..." : "Refresh"}
          </Button>
        </Card>

        <Card>
          <CardHeader
            title="Add Funds"
            description={`${minimumDepositText(loaderData.minDepositCents)}. Paid securely by card.`}
          />
          {loaderData.maintenance ? (
            <p className="mb-4 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
              {DEPOSIT_TEXT.maintenance}
            </p>
          ) : null}
          <Form method="post" className="space-y-4" onSubmit={checkBeforeSending} noValidate>
            {next ? <input type="hidden" name="next" value={next} /> : null}
            <Input
              ref={amountInput}
              label="Amount (USD)"
              name="amount"
              inputMode="decimal"
              autoComplete="off"
              placeholder="25.00"
              value={amount}
              onChange={(event) => changeAmount(event.target.value)}
              error={amountError}
            />
            <fieldset>
              <legend className="sr-only">Quick amounts</legend>
              <div className="flex flex-wrap gap-2">
                {QUICK_DEPOSIT_CENTS.map((quick) => {
                  const dollars = String(quick / 100);
                  return (
                    <Button
                      key={quick}
                      variant={amount === dollars ? "primary" : "secondary"}
                      aria-pressed={amount === dollars}
                      onClick={() => changeAmount(dollars)}
                    >
                      {`$${dollars}`}
                    </Button>
                  );
                })}
              </div>
            </fieldset>
            <Button type="submit" className="w-full" disabled={submitting}>
              {submitting ? <Spinner label="Opening the checkout" className="h-4 w-4" /> : null}
              Add Funds
            </Button>
          </Form>
        </Card>
      </div>

      <Card>
        <CardHeader title="Recent Transactions" description="Your last 10 wallet movements." />
        <TransactionList transactions={loaderData.transactions} place="wallet" loading={refreshing} />
      </Card>
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ShopRouteError error={error} />;
}
