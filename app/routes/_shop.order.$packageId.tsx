import { randomUUID } from "node:crypto";
import { useState } from "react";
import { data, Form, redirect, useLocation } from "react-router";
import { z } from "zod";
import { ShopRouteError } from "../components/layout/page-error.tsx";
import { DeliverySpeedField, parseDeliverySpeed } from "../components/order/delivery-speed.tsx";
import { OrderPageHeader, PlaceOrderButton } from "../components/order/order-page-header.tsx";
import { InsufficientFundsAlert, OrderSummary, RefusalNotice } from "../components/order/order-summary.tsx";
import { useOrderFlow } from "../components/order/use-order-flow.ts";
import { Card } from "../components/ui/card.tsx";
import { Input } from "../components/ui/input.tsx";
import { useToast } from "../components/ui/toaster.tsx";
import { db } from "../db/client.server.ts";
import { resolveOrderEntry, signUpPathFor } from "../domain/catalog/resolve-order-entry.server.ts";
import { ORDER_TEXT } from "../domain/orders/messages.ts";
import { placeOrder } from "../domain/orders/place-order.server.ts";
import { checkTargetLink } from "../domain/orders/target-link.ts";
import { chargeForQuantity } from "../domain/pricing/price.ts";
import { formatCents, formatCount, formatRate } from "../lib/format-money.ts";
import { useLiveBalance } from "../lib/live/live-balance.tsx";
import { pagePath } from "../lib/page-path.ts";
import { pageMeta } from "../lib/seo.ts";
import { getCurrentUser } from "../lib/session.server.ts";
import { redirectWithToast } from "../lib/toast.server.ts";
import type { Route } from "./+types/_shop.order.$packageId";

/** Customer spec section 9: the default order quantity. */
const DEFAULT_QUANTITY = 100;

export async function loader({ request, params }: Route.LoaderArgs) {
  const service = await resolveOrderEntry(db(), params.packageId);
  if (!service) throw data(null, { status: 404 });
  const url = new URL(request.url);
  if (service.serviceType === "auto") {
    throw await redirectWithToast(`/order/instagram/${service.id}${pagePath(url).search}`, {
      title: ORDER_TEXT.autoServiceInQuickFlow.title,
    });
  }
  // Visitors see and fill the page; only placing the order needs an account (customer spec, route table).
  const user = await getCurrentUser(request);
  const requested = Number(url.searchParams.get("pkg") ?? url.searchParams.get("package") ?? "");
  return {
    service: {
      id: service.id,
      name: service.name,
      description: service.description,
      platform: service.platform,
      targetKind: service.targetKind,
      pricePer1000: service.pricePer1000,
      minQuantity: service.minQuantity,
      maxQuantity: service.maxQuantity,
    },
    requestedQuantity: Number.isSafeInteger(requested) && requested > 0 ? requested : null,
    link: (url.searchParams.get("link") ?? "").slice(0, 500),
    signedIn: user !== null,
    balanceCents: user?.balanceCents ?? 0,
    idempotencyKey: randomUUID(),
  };
}

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) =>
  pageMeta({
    title: loaderData ? `Order ${loaderData.service.name}` : "Page not found",
    description:
      "Complete your order: paste your link, choose the quantity and pay from your Boostly wallet.",
    path: location.pathname,
    noindex: true,
    matches,
  });

const orderForm = z.object({
  serviceId: z.string().trim().min(1).max(64),
  targetLink: z.string().trim().max(500),
  quantity: z
    .string()
    .trim()
    .regex(/^\d{1,9}$/),
  deliverySpeed: z.enum(["slow", "normal", "fast"]).default("normal"),
  idempotencyKey: z.uuid(),
  expectedTotalCents: z.coerce.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER).optional(),
});

export async function action({ request }: Route.ActionArgs) {
  const user = await getCurrentUser(request);
  if (!user) throw redirect(signUpPathFor(request));
  const parsed = orderForm.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return { notice: ORDER_TEXT.orderFailed, insufficient: false };
  const result = await placeOrder(db(), {
    userId: user.id,
    serviceId: parsed.data.serviceId,
    quantity: Number(parsed.data.quantity),
    targetLink: parsed.data.targetLink,
    deliverySpeed: parsed.data.deliverySpeed,
    idempotencyKey: parsed.data.idempotencyKey,
    expectedTotalCents: parsed.data.expectedTotalCents,
  });
  if (!result.ok) {
    const insufficient = result.reason === "insufficient_funds";
    return { notice: result.notice, insufficient };
  }
  return redirectWithToast("/dashboard", {
    title: ORDER_TEXT.orderPlaced,
    description: `${result.order.orderNumber}: ${result.order.serviceName}, ${formatCents(result.order.totalCents)}`,
  });
}

type NavigationPrefill = { postLink?: unknown; prefillQuantity?: unknown } | null;

/** A fresh form per entry: going from one order page to another never carries the last one's fields. */
export default function GenericOrderPage(props: Route.ComponentProps) {
  const { service, requestedQuantity, link } = props.loaderData;
  return <GenericOrderForm key={`${service.id}:${requestedQuantity}:${link}`} {...props} />;
}

function GenericOrderForm({ loaderData, actionData }: Route.ComponentProps) {
  const { service, signedIn } = loaderData;
  const toast = useToast();
  const state = useLocation().state as NavigationPrefill;
  const balanceCents = useLiveBalance(loaderData.balanceCents);
  const clamp = (value: number) => Math.min(Math.max(value, service.minQuantity), service.maxQuantity);
  const statePrefill = Number(state?.prefillQuantity);
  const initialQuantity =
    loaderData.requestedQuantity ??
    (Number.isSafeInteger(statePrefill) && statePrefill > 0 ? statePrefill : DEFAULT_QUANTITY);
  const [targetLink, setTargetLink] = useState(
    loaderData.link || (typeof state?.postLink === "string" ? state.postLink : ""),
  );
  const [quantity, setQuantity] = useState(String(clamp(initialQuantity)));
  const [deliverySpeed, setDeliverySpeed] = useState(parseDeliverySpeed(null));
  const flow = useOrderFlow({
    signedIn,
    refusal: actionData,
    readForm: () => ({ targetLink, quantity, deliverySpeed }),
    restoreForm: (saved) => {
      if (saved.targetLink !== undefined) setTargetLink(saved.targetLink);
      if (saved.quantity && /^\d{1,9}$/.test(saved.quantity)) setQuantity(saved.quantity);
      setDeliverySpeed(parseDeliverySpeed(saved.deliverySpeed));
    },
  });
  const isInstagram = service.platform === "instagram";
  const amount = /^\d{1,9}$/.test(quantity) ? Number(quantity) : null;
  const totalCents = amount !== null && amount > 0 ? chargeForQuantity(service.pricePer1000, amount) : null;
  const short = signedIn && totalCents !== null && totalCents > balanceCents;

  // The spec's checks run before anything is sent (the server repeats every one of them).
  function checkBeforeSending(event: React.FormEvent<HTMLFormElement>) {
    const link = checkTargetLink(targetLink, service);
    if (link.ok) return flow.sendOrSignUp(event);
    event.preventDefault();
    toast({ title: link.notice.title, description: link.notice.message, variant: "destructive" });
  }

  return (
    <main className="mx-auto max-w-2xl px-4 py-10 sm:px-6">
      <OrderPageHeader fallback={`/services/${service.platform}`} subtitle={service.name} />
      <Card>
        <Form method="post" className="space-y-5" onSubmit={checkBeforeSending} noValidate>
          <input type="hidden" name="idempotencyKey" value={loaderData.idempotencyKey} />
          <input type="hidden" name="serviceId" value={service.id} />
          {totalCents !== null ? <input type="hidden" name="expectedTotalCents" value={totalCents} /> : null}
          {isInstagram ? null : <input type="hidden" name="deliverySpeed" value="normal" />}
          <p className="text-sm text-slate-600">
            {service.name}: {formatRate(service.pricePer1000)} per 1000
          </p>
          <Input
            label="Target URL"
            name="targetLink"
            value={targetLink}
            onChange={(event) => setTargetLink(event.target.value)}
            placeholder={
              service.targetKind === "profile" ? "Link to the profile or channel" : "Link to the post"
            }
            autoComplete="off"
            required
          />
          <Input
            label="Quantity"
            name="quantity"
            inputMode="numeric"
            min={service.minQuantity}
            max={service.maxQuantity}
            value={quantity}
            onChange={(event) => setQuantity(event.target.value.replace(/\D/g, "").replace(/^0+(?=\d)/, ""))}
            onBlur={() => setQuantity(String(clamp(amount !== null && amount > 0 ? amount : 0)))}
            hint={`Between ${formatCount(service.minQuantity)} and ${formatCount(service.maxQuantity)}`}
          />
          {isInstagram ? <DeliverySpeedField value={deliverySpeed} onChange={setDeliverySpeed} /> : null}
          <OrderSummary totalCents={totalCents} balanceCents={balanceCents} signedIn={signedIn} />
          {short && totalCents !== null ? (
            <InsufficientFundsAlert
              totalCents={totalCents}
              balanceCents={balanceCents}
              walletHref={flow.walletHref}
              onLeave={flow.saveForm}
            />
          ) : null}
          <RefusalNotice refusal={actionData} />
          <PlaceOrderButton disabled={targetLink === ""} busy={flow.busy} />
        </Form>
      </Card>
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ShopRouteError error={error} />;
}
