import { randomUUID } from "node:crypto";
import { Link } from "react-router";
import { z } from "zod";
import { ShopRouteError } from "../../components/layout/page-error.tsx";
import { buttonClass } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { requireUser } from "../../domain/accounts/session.server.ts";
import { placeAutoOrder } from "../../domain/auto-orders/place-auto-order.server.ts";
import { listAutoServices } from "../../domain/catalog/list-auto-services.server.ts";
import { readCustomerDiscount } from "../../domain/orders/customer-discount.server.ts";
import { sentCount } from "../../domain/orders/quantity-input.ts";
import { shopDatabase } from "../../lib/database-context.server.ts";
import { formatRate } from "../../lib/format-money.ts";
import { useLiveBalance } from "../../lib/live/live-balance.tsx";
import { pageMeta } from "../../lib/seo.ts";
import { answerOrderForm, orderFormFields } from "../shared/order-form.server.ts";
import type { Route } from "./+types/route";
import { AutoOrderSetup } from "./auto-order-setup.tsx";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Automatic Order",
    description:
      "Set up automatic likes, views or comments on your next Instagram posts, paid from your wallet.",
    path: "/automatic-order",
    noindex: true,
    matches,
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const services = await listAutoServices(shopDatabase(context));
  // A fresh token per form: submitting it twice sets up one auto order (product rules 1.4).
  const discountTenths = await readCustomerDiscount(shopDatabase(context), user.id);
  return { services, balanceCents: user.balanceCents, discountTenths, idempotencyKey: randomUUID() };
}

const MISSING = { title: "Auto order failed", message: "Please fill in all fields." };

const autoForm = z.object({
  serviceId: z.string().trim().min(1).max(64),
  username: z.string().trim().min(1).max(100),
  // Required; then read as counts, anything else refused with the field's own message by placeAutoOrder.
  perPost: z.string().trim().min(1),
  posts: z.string().trim().min(1),
  ...orderFormFields,
});

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request);
  return answerOrderForm(request, autoForm, {
    malformed: MISSING,
    autoOrderTitle: "Auto order created",
    place: (form) =>
      placeAutoOrder(shopDatabase(context), {
        userId: user.id,
        serviceId: form.serviceId,
        username: form.username,
        perPost: sentCount(form.perPost),
        posts: sentCount(form.posts),
        deliverySpeed: "normal",
        idempotencyKey: form.idempotencyKey,
        expectedTotalCents: form.expectedTotalCents,
      }),
  });
}

const STEPS = [
  { title: "Choose a service", text: "Likes, real likes, views or comments for your next posts." },
  { title: "Enter your username", text: "No password needed: we only watch your public profile." },
  { title: "Pick the amount", text: "Engagement per post and how many posts (1 to 100), paid up front." },
  { title: "Post as usual", text: "Each new post gets its engagement; pause, resume or cancel any time." },
];

export default function AutomaticOrderPage({ loaderData, actionData }: Route.ComponentProps) {
  const balanceCents = useLiveBalance(loaderData.balanceCents);
  return (
    <main className="mx-auto max-w-5xl px-4 py-12">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold text-slate-900">Automatic Order</h1>
          <p className="mt-2 text-slate-600">Engagement on every new post, without ordering each time.</p>
        </div>
        <Link to="/dashboard?tab=auto-orders" className={buttonClass("secondary")}>
          Your auto orders
        </Link>
      </div>

      <section aria-labelledby="steps-heading" className="mt-8">
        <h2 id="steps-heading" className="text-lg font-semibold text-slate-900">
          How it works
        </h2>
        <ol className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          {STEPS.map((step, index) => (
            <li key={step.title} className="rounded-xl border border-slate-200 bg-white p-4">
              <span className="text-sm font-bold text-brand-700">Step {index + 1}</span>
              <p className="mt-1 font-semibold text-slate-900">{step.title}</p>
              <p className="mt-1 text-sm text-slate-600">{step.text}</p>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="auto-services-heading" className="mt-8">
        <h2 id="auto-services-heading" className="text-lg font-semibold text-slate-900">
          Auto services
        </h2>
        {loaderData.services.length === 0 ? (
          <p className="mt-3 text-slate-600">No auto services are available right now.</p>
        ) : (
          <ul className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {loaderData.services.map((service) => (
              <li key={service.id}>
                <Card className="h-full p-4" data-testid="auto-service">
                  <div className="flex items-start justify-between gap-2">
                    <p className="font-semibold text-slate-900">{service.name}</p>
                    <span className="shrink-0 rounded-full bg-brand-600 px-2 py-0.5 text-xs font-bold text-white">
                      AUTO
                    </span>
                  </div>
                  <p className="mt-1 text-sm text-slate-600">{service.description}</p>
                  <p className="mt-2 text-sm font-semibold text-slate-900">
                    {formatRate(service.pricePer1000)} per 1000
                  </p>
                </Card>
              </li>
            ))}
          </ul>
        )}
      </section>

      <div className="mt-8">
        <AutoOrderSetup
          services={loaderData.services}
          balanceCents={balanceCents}
          discountTenths={loaderData.discountTenths}
          idempotencyKey={loaderData.idempotencyKey}
          notice={actionData?.notice ?? null}
          field={actionData?.field}
        />
      </div>
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ShopRouteError error={error} />;
}
