import { randomUUID } from "node:crypto";
import { useState } from "react";
import { data, redirect, useLocation } from "react-router";
import { z } from "zod";
import { ShopRouteError } from "../../components/layout/page-error.tsx";
import { parseDeliverySpeed } from "../../components/order/delivery-speed.tsx";
import { OrderForm } from "../../components/order/order-form.tsx";
import { OrderPageHeader } from "../../components/order/order-page-header.tsx";
import { QuantityField, useCountInput } from "../../components/order/quantity-field.tsx";
import { ServiceTermsList } from "../../components/order/service-terms.tsx";
import { useOrderFlow } from "../../components/order/use-order-flow.ts";
import { Card } from "../../components/ui/card.tsx";
import { Input } from "../../components/ui/input.tsx";
import { getCurrentUser } from "../../domain/accounts/session.server.ts";
import { resolveOrderEntry, signUpPathFor } from "../../domain/catalog/resolve-order-entry.server.ts";
import { readCustomerDiscount } from "../../domain/orders/customer-discount.server.ts";
import { completionTimeText } from "../../domain/orders/delivery-pace.ts";
import { ORDER_TEXT } from "../../domain/orders/messages.ts";
import { PACKAGE_QUANTITY } from "../../domain/orders/order-types.ts";
import { placeOrder } from "../../domain/orders/place-order.server.ts";
import { countOnLeaving, parseCount, quantityRules, sentCount } from "../../domain/orders/quantity-input.ts";
import { readOneServiceTerms } from "../../domain/orders/read-service-terms.server.ts";
import { readServiceCompletionTime } from "../../domain/orders/service-completion-times.server.ts";
import { checkTargetLink } from "../../domain/orders/target-link.ts";
import { noticeOf } from "../../domain/refusal.ts";
import { shopDatabase } from "../../lib/database-context.server.ts";
import { formatPackagePrice, formatRate } from "../../lib/format-money.ts";
import { pagePath } from "../../lib/page-path.ts";
import type { PageHandle } from "../../lib/page-query.ts";
import { refusalMessage } from "../../lib/request-body.ts";
import { pageMeta } from "../../lib/seo.ts";
import { redirectWithToast } from "../../lib/toast.server.ts";
import { answerOrderForm, deliverySpeedField, orderFormFields } from "../shared/order-form.server.ts";
import type { Route } from "./+types/route";
import { DripFeedFields, useDripFeed } from "./drip-feed-fields.tsx";
import { OrderSpeedField, useOrderSpeed } from "./order-speed.tsx";
import { orderTotal } from "./order-total.ts";
import { PackageQuantity } from "./package-quantity.tsx";

/** Customer spec section 9: the default order quantity. */
const DEFAULT_QUANTITY = 100;

/** The query parameters this page reads: its kept address holds these and no others (docs/decisions/035). */
export const handle: PageHandle = { pageQuery: ["pkg", "package", "link"] };

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const service = await resolveOrderEntry(shopDatabase(context), params.packageId);
  if (!service) throw data(null, { status: 404 });
  const url = new URL(request.url);
  if (service.serviceType === "auto") {
    throw await redirectWithToast(`/order/instagram/${service.id}${pagePath(url).search}`, {
      title: ORDER_TEXT.autoServiceInQuickFlow.title,
    });
  }
  // Visitors see and fill the page; only placing the order needs an account (customer spec, route table).
  const user = await getCurrentUser(request);
  const completionSeconds = await readServiceCompletionTime(shopDatabase(context), service.id);
  const requested = parseCount(url.searchParams.get("pkg") ?? url.searchParams.get("package") ?? "");
  return {
    service: {
      id: service.id,
      name: service.name,
      description: service.description,
      platform: service.platform,
      // What the link check needs of the platform, so the browser checks as the server does (decisions/038).
      platformName: service.platformName,
      linkHosts: service.linkHosts,
      targetKind: service.targetKind,
      pricePer1000: service.pricePer1000,
      orderType: service.orderType,
      minQuantity: service.minQuantity,
      maxQuantity: service.maxQuantity,
      dripfeed: service.dripfeed,
    },
    terms: await readOneServiceTerms(shopDatabase(context), service.id),
    requestedQuantity: requested !== null && requested > 0 ? requested : null,
    // A shop figure (product rules 4.23), shown only when the service has enough recent orders.
    completionTime: completionSeconds === null ? null : completionTimeText(completionSeconds),
    link: (url.searchParams.get("link") ?? "").slice(0, 500),
    signedIn: user !== null,
    balanceCents: user?.balanceCents ?? 0,
    // The customer's discount (product rules 15.29): the total shown is the one charged.
    discountTenths: user ? await readCustomerDiscount(shopDatabase(context), user.id) : 0,
    idempotencyKey: randomUUID(),
  };
}

export const meta: Route.MetaFunction = ({ loaderData, error, matches, location }) =>
  pageMeta({
    title: loaderData
      ? `Order ${loaderData.service.name}`
      : refusalMessage(error)
        ? "Request not accepted"
        : "Page not found",
    description:
      "Complete your order: paste your link, choose the quantity and pay from your Boostly wallet.",
    path: location.pathname,
    noindex: true,
    matches,
  });

const orderForm = z.object({
  serviceId: z.string().trim().min(1).max(64),
  targetLink: z.string().trim().max(500),
  // Read as a count below; anything else is refused with the service's 'Quantity must be between…'.
  quantity: z.string(),
  deliverySpeed: deliverySpeedField,
  // Drip-feed (product rules 2.7): the quantity is each run's; the order function checks runs and interval.
  dripFeed: z.literal("on").optional(),
  runs: z.string().max(20).optional(),
  interval: z.string().max(20).optional(),
  ...orderFormFields,
});

export async function action({ request, context }: Route.ActionArgs) {
  const user = await getCurrentUser(request);
  if (!user) throw redirect(signUpPathFor(request));
  return answerOrderForm(request, orderForm, {
    malformed: ORDER_TEXT.orderFailed,
    place: (form) =>
      placeOrder(shopDatabase(context), {
        userId: user.id,
        serviceId: form.serviceId,
        quantity: sentCount(form.quantity),
        targetLink: form.targetLink,
        deliverySpeed: form.deliverySpeed,
        // This page offers the speed: Slow and Normal pace the order (product rules 4.20).
        paceBySpeed: true,
        idempotencyKey: form.idempotencyKey,
        expectedTotalCents: form.expectedTotalCents,
        ...(form.dripFeed
          ? { dripFeed: { runs: sentCount(form.runs), intervalMinutes: sentCount(form.interval) } }
          : {}),
      }),
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
  const state = useLocation().state as NavigationPrefill;
  const rules = quantityRules(service);
  const statePrefill = parseCount(String(state?.prefillQuantity ?? ""));
  // A Package is one package (product rules 13.10): nothing to choose.
  const isPackage = service.orderType === "package";
  const initialQuantity = isPackage
    ? PACKAGE_QUANTITY
    : (loaderData.requestedQuantity ??
      (statePrefill !== null && statePrefill > 0 ? statePrefill : DEFAULT_QUANTITY));
  const [targetLink, setTargetLink] = useState(
    loaderData.link || (typeof state?.postLink === "string" ? state.postLink : ""),
  );
  // A prefill below the service's minimum starts at the minimum, as if typed and left; above the maximum it
  // stays, with the message.
  const quantity = useCountInput(() => countOnLeaving(String(initialQuantity), rules), rules);
  const dripFeed = useDripFeed();
  const speed = useOrderSpeed(service, quantity.value, dripFeed.on);
  const flow = useOrderFlow({
    signedIn,
    refusal: actionData,
    readForm: () => ({
      targetLink,
      quantity: quantity.text,
      deliverySpeed: speed.posted,
      ...(dripFeed.on ? { dripFeed: "on", runs: dripFeed.runs, interval: dripFeed.interval } : {}),
    }),
    restoreForm: (saved) => {
      if (saved.targetLink !== undefined) setTargetLink(saved.targetLink);
      if (saved.quantity !== undefined) quantity.setText(countOnLeaving(saved.quantity, rules));
      speed.setChosen(parseDeliverySpeed(saved.deliverySpeed));
      if (saved.dripFeed === "on")
        dripFeed.set({ on: true, runs: saved.runs ?? "", interval: saved.interval ?? "" });
    },
  });
  const { discountTenths } = loaderData;
  const totalCents = orderTotal(service, quantity.value, dripFeed.value, discountTenths);

  return (
    <main className="mx-auto max-w-2xl px-4 py-10 sm:px-6">
      <OrderPageHeader fallback={`/services/${service.platform}`} subtitle={service.name} />
      <Card>
        <OrderForm
          flow={flow}
          idempotencyKey={loaderData.idempotencyKey}
          totalCents={totalCents}
          balanceCents={loaderData.balanceCents}
          refusal={actionData}
          check={() => {
            const link = checkTargetLink(targetLink, service);
            return link.ok ? dripFeed.notice : noticeOf(link);
          }}
          canSend={targetLink !== "" && totalCents !== null}
          discountTenths={discountTenths}
        >
          <input type="hidden" name="serviceId" value={service.id} />
          <p className="text-sm text-slate-600">
            {service.name}:{" "}
            {isPackage
              ? formatPackagePrice(service.pricePer1000)
              : `${formatRate(service.pricePer1000)} per 1000`}
          </p>
          {loaderData.completionTime ? (
            <p className="text-sm text-slate-600" data-testid="service-completion-time">
              {loaderData.completionTime}
            </p>
          ) : null}
          {loaderData.terms ? <ServiceTermsList terms={loaderData.terms} className="text-slate-600" /> : null}
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
          {isPackage ? (
            <PackageQuantity />
          ) : (
            <QuantityField
              input={quantity}
              label={dripFeed.on ? "Quantity per run" : "Quantity"}
              name="quantity"
            />
          )}
          {service.dripfeed ? <DripFeedFields input={dripFeed} quantity={quantity.value} /> : null}
          <OrderSpeedField speed={speed} />
        </OrderForm>
      </Card>
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ShopRouteError error={error} />;
}
