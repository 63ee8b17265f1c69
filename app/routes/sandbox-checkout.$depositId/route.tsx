import { data, Form, Link, redirect, useNavigation } from "react-router";
import { z } from "zod";
import { ShopRouteError } from "../../components/layout/page-error.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { requireUser } from "../../domain/accounts/session.server.ts";
import { DEPOSIT_TEXT } from "../../domain/payments/messages.ts";
import { webhookProvider } from "../../domain/payments/payment-provider.server.ts";
import {
  completeSandboxCheckout,
  readSandboxCheckout,
} from "../../domain/payments/sandbox-checkout.server.ts";
import { refusalAnswer } from "../../domain/refusal-answer.server.ts";
import { shopDatabase } from "../../lib/database-context.server.ts";
import { readForm } from "../../lib/form-body.server.ts";
import { formatCents } from "../../lib/format-money.ts";
import { redirectWithToast } from "../../lib/toast.server.ts";
import type { Route } from "./+types/route";

const paramsSchema = z.object({ depositId: z.uuid() });
const choiceSchema = z.object({ intent: z.enum(["pay", "decline"]) });

/** The customer's own pending sandbox deposit; 404 for anything else, or when the sandbox is not in use. */
async function loadCheckout(request: Request, params: unknown, context: Route.LoaderArgs["context"]) {
  const user = await requireUser(request);
  const parsed = paramsSchema.safeParse(params);
  if (!(await webhookProvider(shopDatabase(context), "sandbox")) || !parsed.success)
    throw data(null, { status: 404 });
  const checkout = await readSandboxCheckout(shopDatabase(context), {
    userId: user.id,
    depositId: parsed.data.depositId,
  });
  if (!checkout) throw data(null, { status: 404 });
  return { user, checkout };
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { checkout } = await loadCheckout(request, params, context);
  return checkout;
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { user, checkout } = await loadCheckout(request, params, context);
  const choice = choiceSchema.safeParse(await readForm(request, choiceSchema));
  if (!choice.success) throw data(null, { status: 400 });
  const result = await completeSandboxCheckout(shopDatabase(context), {
    userId: user.id,
    depositId: checkout.depositId,
    outcome: choice.data.intent,
  });
  if (result.ok && result.outcome === "paid") return redirect(checkout.successPath);
  if (result.ok) {
    return redirectWithToast(checkout.cancelPath, {
      title: DEPOSIT_TEXT.declinedTitle,
      description: DEPOSIT_TEXT.declined,
      variant: "destructive",
    });
  }
  const answer = refusalAnswer(result);
  return redirectWithToast(checkout.cancelPath, {
    title: answer.title ?? DEPOSIT_TEXT.notConfirmedTitle,
    description: answer.message,
    variant: "destructive",
  });
}

function CardField({ label, value, className = "" }: { label: string; value: string; className?: string }) {
  return (
    <label className={`block ${className}`}>
      <span className="block text-xs font-medium text-slate-600">{label}</span>
      {/* Display only: no name, so no card detail is ever sent anywhere. */}
      <input
        defaultValue={value}
        autoComplete="off"
        className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 font-mono text-sm text-slate-900 focus:outline-2 focus:outline-offset-1 focus:outline-indigo-600"
      />
    </label>
  );
}

export default function SandboxCheckoutPage({ loaderData: checkout }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const pendingIntent = navigation.formData?.get("intent");
  const amount = formatCents(checkout.amountCents);
  const open = checkout.status === "pending";

  return (
    <main className="min-h-screen bg-slate-100 px-4 py-10">
      <title>{`Pay Boostly ${amount} | Test checkout`}</title>
      <meta name="robots" content="noindex" />
      <div className="mx-auto grid max-w-4xl overflow-hidden rounded-2xl bg-white shadow-xl md:grid-cols-2">
        <section className="bg-slate-900 p-8 text-white" aria-label="Order summary">
          <Link
            to={checkout.cancelPath}
            className="text-sm text-slate-300 hover:text-white focus-visible:outline-2 focus-visible:outline-white"
          >
            ← Back to Boostly
          </Link>
          <div className="mt-8 flex items-center gap-3">
            <span className="flex h-10 w-10 items-center justify-center rounded-full bg-indigo-500 font-bold">
              B
            </span>
            <span className="text-lg font-semibold">Boostly</span>
            <span className="rounded bg-amber-400 px-2 py-0.5 text-xs font-bold uppercase text-slate-900">
              Test mode
            </span>
          </div>
          <p className="mt-8 text-sm text-slate-300">Wallet top-up</p>
          <p className="mt-1 text-4xl font-bold" data-testid="checkout-amount">
            {amount}
          </p>
          <p className="mt-6 text-sm text-slate-400">
            This is the local sandbox that stands in for the card payment provider. No real card is charged;
            the result reaches the shop as a signed webhook, exactly like a real payment.
          </p>
        </section>

        <section className="p-8" aria-label="Payment details">
          <h1 className="text-xl font-semibold text-slate-900">Pay with card</h1>
          {open ? (
            <Form method="post" className="mt-6 space-y-4">
              <CardField label="Email" value={checkout.email} />
              <CardField label="Card number" value="4242 4242 4242 4242" />
              <div className="grid grid-cols-2 gap-3">
                <CardField label="Expiry (MM / YY)" value="12 / 34" />
                <CardField label="CVC" value="123" />
              </div>
              <CardField label="Cardholder name" value="Test Customer" />
              <Button
                type="submit"
                name="intent"
                value="pay"
                className="w-full bg-indigo-600 hover:bg-indigo-700"
                disabled={busy}
              >
                {pendingIntent === "pay" ? <Spinner label="Processing payment" className="h-4 w-4" /> : null}
                {`Pay ${amount}`}
              </Button>
              <Button
                type="submit"
                name="intent"
                value="decline"
                variant="secondary"
                className="w-full"
                disabled={busy}
              >
                Decline
              </Button>
            </Form>
          ) : (
            <div className="mt-6 space-y-4">
              <p className="text-slate-700">
                {checkout.status === "completed"
                  ? "This payment is already complete."
                  : "This checkout is closed. No money was taken."}
              </p>
              <Link to="/wallet" className="font-semibold text-indigo-700 underline">
                Return to your wallet
              </Link>
            </div>
          )}
        </section>
      </div>
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ShopRouteError error={error} />;
}
