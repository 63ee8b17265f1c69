import { useEffect, useRef, useState } from "react";
import { Form, useNavigation, useRevalidator } from "react-router";
import { ShopRouteError } from "../../components/layout/page-error.tsx";
import { useShopFacts } from "../../components/pages/use-shop-facts.ts";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardHeader } from "../../components/ui/card.tsx";
import { fieldErrorsOf } from "../../components/ui/field-errors.ts";
import { Input } from "../../components/ui/input.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { useToast } from "../../components/ui/toaster.tsx";
import { requireUser } from "../../domain/accounts/session.server.ts";
import { DISCOUNT_TEXT } from "../../domain/accounts/user-controls-text.ts";
import { readCustomerDiscount } from "../../domain/orders/customer-discount.server.ts";
import { QUICK_DEPOSIT_CENTS, readDepositAmount } from "../../domain/payments/deposit-form.ts";
import { minimumDepositText } from "../../domain/payments/deposit-limit-text.ts";
import { readDepositTerms } from "../../domain/payments/gateway-setup.server.ts";
import { DEPOSIT_TEXT } from "../../domain/payments/messages.ts";
import { paidWith } from "../../domain/payments/wallet-payment-text.ts";
import { discountPercentText } from "../../domain/pricing/discount.ts";
import { readSettings } from "../../domain/settings/read-settings.server.ts";
import { listStatement } from "../../domain/wallet/list-statement.server.ts";
import { readStatementQuery, statementQuery } from "../../domain/wallet/statement-query.ts";
import { track } from "../../lib/analytics.ts";
import { shopDatabase } from "../../lib/database-context.server.ts";
import { formatCents } from "../../lib/format-money.ts";
import type { LiveHandle } from "../../lib/live/live-topics.ts";
import type { PageHandle } from "../../lib/page-query.ts";
import { retryAfterHeaders } from "../../lib/rate-limited-answer.ts";
import { pageMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/route";
import { answerDepositForm } from "./deposit-action.server.ts";
import { GatewayChoice } from "./gateway-choice.tsx";
import { ManualDeposit } from "./manual-deposit.tsx";
import { Statement } from "./statement.tsx";
import { usePaymentReturn } from "./use-payment-return.ts";

/** A rate-limited answer keeps its Retry-After on the page (docs/decisions/013). */
export const headers = retryAfterHeaders;

/** The one field a refused deposit may name: the amount, said beside it too. */
const AMOUNT_FIELD = ["amount"] as const;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Wallet",
    description: "Your Boostly balance, add funds and see every transaction of your wallet.",
    path: "/wallet",
    noindex: true,
    matches,
  });

/** The query parameters this page reads: its kept address holds these and no others (docs/decisions/035). */
export const handle: PageHandle & LiveHandle = {
  pageQuery: ["payment", "next", ...Object.keys(statementQuery.shape)],
  // The statement is read again when the balance moves (product rules 12.5).
  live: ["balance"],
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const { page, ...filter } = readStatementQuery(new URL(request.url));
  const [statement, settings, discountTenths, depositTerms] = await Promise.all([
    listStatement(shopDatabase(context), user.id, { ...filter, page }),
    readSettings(shopDatabase(context)),
    readCustomerDiscount(shopDatabase(context), user.id),
    readDepositTerms(shopDatabase(context)),
  ]);
  return {
    balanceCents: user.balanceCents,
    discountTenths,
    statement,
    filter,
    minDepositCents: settings.minDepositCents,
    maxDepositCents: settings.maxDepositCents,
    maintenance: settings.maintenanceMode,
    depositTerms,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  return answerDepositForm(request, shopDatabase(context));
}

export default function WalletPage({ loaderData, actionData }: Route.ComponentProps) {
  const toast = useToast();
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const [amount, setAmount] = useState("");
  // What is wrong with the amount, beside the field: checked on sending (not on leaving the field, where the
  // message appearing would move Add Funds away from the click that left it), or the server's answer.
  const [amountError, setAmountError] = useState<string | null>(
    fieldErrorsOf(actionData, AMOUNT_FIELD)?.amount ?? null,
  );
  const amountInput = useRef<HTMLInputElement>(null);
  const facts = useShopFacts();
  const limits = { minCents: loaderData.minDepositCents, maxCents: loaderData.maxDepositCents };
  const next = usePaymentReturn();
  const submitting = navigation.state !== "idle" && navigation.formMethod === "POST";
  const refreshing =
    revalidator.state === "loading" ||
    (navigation.state === "loading" && navigation.location.pathname === "/wallet");

  // A refusal of the amount is said beside it; one of the whole deposit (maintenance, the provider) in a toast:
  // each once (product rules 12.8).
  useEffect(() => {
    if (actionData && !actionData.ok) {
      const amountError = fieldErrorsOf(actionData, AMOUNT_FIELD)?.amount;
      if (amountError) setAmountError(amountError);
      else toast({ title: actionData.title, description: actionData.message, variant: "destructive" });
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
      amountInput.current?.focus();
      return;
    }
    track("add_funds", { currency: "USD", value: reading.amountCents / 100 });
  }

  return (
    <main className="mx-auto max-w-4xl space-y-6 px-4 py-12">
      <div>
        <h1 className="text-3xl font-bold text-slate-900">Wallet</h1>
        <p className="mt-1 text-slate-600">Add funds and pay for your orders from your balance.</p>
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
          {loaderData.discountTenths > 0 ? (
            <p className="mt-2 text-sm font-medium text-emerald-700" data-testid="wallet-discount">
              {DISCOUNT_TEXT.onWallet(discountPercentText(loaderData.discountTenths))}
            </p>
          ) : null}
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
            description={`${minimumDepositText(loaderData.minDepositCents)}. ${paidWith(facts.paymentMethods)}`}
          />
          {loaderData.maintenance ? (
            <p className="mb-4 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
              {DEPOSIT_TEXT.maintenance}
            </p>
          ) : null}
          {/* No gateway takes deposits: the description says so, and no form offers what cannot be paid. */}
          {facts.paymentMethods.length === 0 ? null : (
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
              <GatewayChoice methods={facts.paymentMethods} terms={loaderData.depositTerms} />
              <Button type="submit" className="w-full" disabled={submitting}>
                {submitting ? <Spinner label="Opening the checkout" className="h-4 w-4" /> : null}
                Add Funds
              </Button>
            </Form>
          )}
        </Card>
      </div>

      <ManualDeposit />

      <Statement statement={loaderData.statement} filter={loaderData.filter} loading={refreshing} />
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ShopRouteError error={error} />;
}
