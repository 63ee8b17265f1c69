import { randomUUID } from "node:crypto";
import { useEffect, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import { OrderTokenFields } from "../../components/order/order-form.tsx";
import { QuantityField, useCountInput } from "../../components/order/quantity-field.tsx";
import { ServiceTermsList } from "../../components/order/service-terms.tsx";
import { buttonClass } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { Input } from "../../components/ui/input.tsx";
import { Select } from "../../components/ui/select.tsx";
import { useToast } from "../../components/ui/toaster.tsx";
import {
  refuseEndedSession,
  requireOrderingSession,
  requireUser,
} from "../../domain/accounts/session.server.ts";
import { listQuickOrderServices } from "../../domain/catalog/list-quick-order-services.server.ts";
import { readCustomerDiscount } from "../../domain/orders/customer-discount.server.ts";
import { placeOrder } from "../../domain/orders/place-order.server.ts";
import { quantityRules, sentCount } from "../../domain/orders/quantity-input.ts";
import { readServiceTerms } from "../../domain/orders/read-service-terms.server.ts";
import { discountedCharge } from "../../domain/pricing/discount.ts";
import { chargeForQuantity } from "../../domain/pricing/price.ts";
import { track } from "../../lib/analytics.ts";
import { shopDatabase } from "../../lib/database-context.server.ts";
import { formatCents, formatPackagePrice, formatRate } from "../../lib/format-money.ts";
import { useHydrated } from "../../lib/hydrated.ts";
import { useLiveBalance } from "../../lib/live/live-balance.tsx";
import { pageMeta } from "../../lib/seo.ts";
import { answerOrderForm, orderFormFields } from "../shared/order-form.server.ts";
import type { Route } from "./+types/route";
import { QuickOrderTotal } from "./quick-order-total.tsx";

// Customer spec, Quick Order: texts of its own checks.
const QUICK_TEXT = {
  signInRequired: { title: "Authentication required", description: "Please sign in to place a quick order." },
  missing: {
    title: "Missing information",
    message: "Please choose a service and fill in the link and the quantity.",
  },
  insufficient: "Insufficient funds",
} as const;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Quick Order",
    description: "Order likes, views and followers in seconds, paid from your Boostly wallet.",
    path: "/quick-order",
    noindex: true,
    matches,
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, QUICK_TEXT.signInRequired);
  const services = await listQuickOrderServices(shopDatabase(context));
  // A fresh token per form: submitting it twice places one order (product rules 1.4).
  // Each service's refill and cancel terms, shown for the chosen one before ordering (product rules 4.14).
  const terms = await readServiceTerms(
    shopDatabase(context),
    services.all.map((service) => service.id),
  );
  return {
    ...services,
    terms: Object.fromEntries(terms),
    balanceCents: user.balanceCents,
    discountTenths: await readCustomerDiscount(shopDatabase(context), user.id),
    idempotencyKey: randomUUID(),
  };
}

const orderForm = z
  .object({
    serviceId: z.string().trim().min(1).max(64),
    targetLink: z.string().trim().min(1).max(500),
    // Required; then read as a count, anything else refused with 'Quantity must be between {min} and {max}.'
    quantity: z.string().trim().min(1),
    ...orderFormFields,
  })
  .strict();

export async function action({ request, context }: Route.ActionArgs) {
  // The session may come from the process's short cache: the order statement re-checks it (docs/decisions/029).
  const session = await requireOrderingSession(request, QUICK_TEXT.signInRequired);
  return answerOrderForm(request, orderForm, {
    malformed: QUICK_TEXT.missing,
    place: async (form) => {
      const outcome = await placeOrder(shopDatabase(context), {
        userId: session.userId,
        serviceId: form.serviceId,
        quantity: sentCount(form.quantity),
        targetLink: form.targetLink,
        deliverySpeed: "normal",
        idempotencyKey: form.idempotencyKey,
        expectedTotalCents: form.expectedTotalCents,
        signedIn: session.authorisation,
      });
      if (!outcome.ok) await refuseEndedSession(request, outcome.authorisation, QUICK_TEXT.signInRequired);
      return outcome;
    },
  });
}

/** "$4.00/1000", or "$7.95 per package" for a Package (product rules 13.10). */
function rateLabel(service: { pricePer1000: string; orderType: string }): string {
  return service.orderType === "package"
    ? formatPackagePrice(service.pricePer1000)
    : `${formatRate(service.pricePer1000)}/1000`;
}

export default function QuickOrderPage({ loaderData, actionData }: Route.ComponentProps) {
  const toast = useToast();
  const navigation = useNavigation();
  const balanceCents = useLiveBalance(loaderData.balanceCents);
  const [serviceId, setServiceId] = useState(loaderData.popular[0]?.id ?? "");
  const [targetLink, setTargetLink] = useState("");
  const service = loaderData.all.find((candidate) => candidate.id === serviceId);
  const serviceTerms = service ? loaderData.terms[service.id] : undefined;
  const quantity = useCountInput("", service ? quantityRules(service) : null);
  // The total of exactly what will be sent, or none while the quantity is not a count within the limits.
  // Less the customer's discount, as the server charges it (product rules 15.28).
  const { discountTenths } = loaderData;
  const totalCents =
    service && quantity.value !== null
      ? discountedCharge(chargeForQuantity(service, quantity.value), discountTenths)
      : null;
  const busy = navigation.state !== "idle";
  const hydrated = useHydrated();

  useEffect(() => {
    if (actionData?.notice)
      toast({
        title: actionData.notice.title,
        description: actionData.notice.message,
        variant: "destructive",
      });
  }, [actionData, toast]);

  // The spec's checks run before anything is sent; the server repeats every one of them.
  function checkBeforeSending(event: React.FormEvent<HTMLFormElement>) {
    const stopWithToast = (title: string, description: string) => {
      event.preventDefault();
      toast({ title, description, variant: "destructive" });
    };
    // The quantity is checked as typed (Place Order waits for a count within the limits).
    if (!service || !targetLink.trim() || totalCents === null)
      return stopWithToast(QUICK_TEXT.missing.title, QUICK_TEXT.missing.message);
    if (totalCents > balanceCents) {
      return stopWithToast(
        QUICK_TEXT.insufficient,
        `This order costs ${formatCents(totalCents)}; your balance is ${formatCents(balanceCents)}.`,
      );
    }
    const order = { currency: "USD", value: totalCents / 100, service_name: service.name } as const;
    for (const name of ["quick_order", "place_order"] as const) track(name, order);
  }

  return (
    <main className="mx-auto max-w-5xl px-4 py-12">
      <h1 className="text-3xl font-bold text-slate-900">Quick Order</h1>
      <p className="mt-2 text-slate-600">
        Pick a service, paste your link, choose how many. Paid from your wallet.
      </p>

      <section aria-labelledby="popular-heading" className="mt-8">
        <h2 id="popular-heading" className="text-lg font-semibold text-slate-900">
          Popular services
        </h2>
        <ul className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {loaderData.popular.map((popular) => (
            <li key={popular.id}>
              <button
                type="button"
                onClick={() => setServiceId(popular.id)}
                aria-pressed={popular.id === serviceId}
                className={`w-full rounded-xl border p-4 text-left transition focus-visible:outline-2 focus-visible:outline-brand-600 ${
                  popular.id === serviceId
                    ? "border-brand-600 bg-brand-50"
                    : "border-slate-200 bg-white hover:border-brand-300"
                }`}
              >
                <span className="block font-semibold text-slate-900">{popular.name}</span>
                <span className="text-sm text-slate-600">{rateLabel(popular)}</span>
              </button>
            </li>
          ))}
        </ul>
      </section>

      <Card className="mt-8">
        <Form method="post" className="grid gap-5 md:grid-cols-2" onSubmit={checkBeforeSending}>
          <OrderTokenFields idempotencyKey={loaderData.idempotencyKey} totalCents={totalCents} />
          <Select
            label="Service"
            id="serviceId"
            name="serviceId"
            value={serviceId}
            onChange={(event) => setServiceId(event.target.value)}
            fieldClassName="md:col-span-2"
          >
            {loaderData.all.map((option) => (
              <option key={option.id} value={option.id}>
                {option.name} ({rateLabel(option)})
              </option>
            ))}
          </Select>
          <Input
            label="Target link"
            name="targetLink"
            value={targetLink}
            onChange={(event) => setTargetLink(event.target.value)}
            placeholder={
              service?.targetKind === "profile"
                ? "Link to the profile or channel"
                : "Link to the post or video"
            }
            autoComplete="off"
          />
          <QuantityField input={quantity} label="Quantity" name="quantity" />
          {serviceTerms ? (
            <ServiceTermsList terms={serviceTerms} className="text-slate-600 md:col-span-2" />
          ) : null}
          <QuickOrderTotal
            totalCents={totalCents}
            balanceCents={balanceCents}
            discountTenths={discountTenths}
          />
          {actionData?.insufficient ? (
            // The toast says why (once, product rules 12.8); the way to the wallet stays here. A page without
            // JavaScript shows no toasts, so there it says why too.
            <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900 md:col-span-2">
              {hydrated ? null : `${actionData.notice.message} `}
              <Link to="/wallet?next=/quick-order" className="font-semibold underline">
                Add funds to continue
              </Link>
            </p>
          ) : null}
          <button
            type="submit"
            disabled={busy || totalCents === null}
            className={buttonClass("primary", "md:col-span-2")}
          >
            {busy ? "Placing order..." : "Place Order"}
          </button>
        </Form>
      </Card>
    </main>
  );
}
