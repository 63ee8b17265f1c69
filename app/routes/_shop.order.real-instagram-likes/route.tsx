import { randomUUID } from "node:crypto";
import { useState } from "react";
import { data, redirect } from "react-router";
import { z } from "zod";
import { ShopRouteError } from "../../components/layout/page-error.tsx";
import { DeliveryPaceNote } from "../../components/order/delivery-speed.tsx";
import { OrderForm } from "../../components/order/order-form.tsx";
import { OrderPageHeader } from "../../components/order/order-page-header.tsx";
import { ServiceTermsList } from "../../components/order/service-terms.tsx";
import { useOrderFlow } from "../../components/order/use-order-flow.ts";
import { Card } from "../../components/ui/card.tsx";
import { Input } from "../../components/ui/input.tsx";
import { getCurrentUser } from "../../domain/accounts/session.server.ts";
import { likesPackProductName } from "../../domain/catalog/product-name.ts";
import {
  LIKES_PACK_CODES,
  likesPackCodeFor,
  resolveLikesPackEntry,
  signUpPathFor,
} from "../../domain/catalog/resolve-order-entry.server.ts";
import { readCustomerDiscount } from "../../domain/orders/customer-discount.server.ts";
import { ORDER_TEXT } from "../../domain/orders/messages.ts";
import { placePackOrder } from "../../domain/orders/place-pack-order.server.ts";
import { readLikesPackTerms } from "../../domain/orders/read-service-terms.server.ts";
import { featuresBesideTerms } from "../../domain/orders/service-terms.ts";
import { checkInstagramPostLink } from "../../domain/orders/target-link.ts";
import { discountedCharge } from "../../domain/pricing/discount.ts";
import { type PackCommentCount, priceLikesPack } from "../../domain/pricing/likes-pack.ts";
import { chargeForQuantity } from "../../domain/pricing/price.ts";
import { noticeOf } from "../../domain/refusal.ts";
import { shopDatabase } from "../../lib/database-context.server.ts";
import { formatCents, formatCount } from "../../lib/format-money.ts";
import type { PageHandle } from "../../lib/page-query.ts";
import { refusalMessage } from "../../lib/request-body.ts";
import { pageMeta } from "../../lib/seo.ts";
import { answerOrderForm, deliverySpeedField, orderFormFields } from "../shared/order-form.server.ts";
import type { Route } from "./+types/route";
import { PackAddOns, packSummaryLines, parseCommentCount, readCommentCount } from "./likes-pack-fields.tsx";

/** The query parameters this page reads: its kept address holds these and no others (docs/decisions/035). */
export const handle: PageHandle = { pageQuery: ["package", "pkg"] };

export async function loader({ request, context }: Route.LoaderArgs) {
  // The pack comes from the path or the `package`/`pkg` query; a `price` query is never a price (product rules 1.1).
  const entry = await resolveLikesPackEntry(shopDatabase(context), likesPackCodeFor(new URL(request.url)));
  if (!entry) throw data(null, { status: 404 });
  const user = await getCurrentUser(request);
  const { pack, rates } = entry;
  return {
    pack: {
      code: pack.code,
      name: pack.name,
      likes: pack.likes,
      priceCents: pack.priceCents,
      extraLikes: pack.extraLikes,
      extraLikesFlatCents: pack.extraLikesFlatCents,
      extraViews: pack.extraViews,
      // The refill is said by the terms: a pack has its Instagram Likes service's (product rules 4.18).
      features: featuresBesideTerms(pack.features),
    },
    terms: await readLikesPackTerms(shopDatabase(context)),
    rates,
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
      ? likesPackProductName(loaderData.pack.name)
      : refusalMessage(error)
        ? "Request not accepted"
        : "Page not found",
    description: "Real Instagram likes packs with optional extra likes, views and comments.",
    path: location.pathname,
    noindex: true,
    matches,
  });

const packForm = z.object({
  packCode: z.enum(LIKES_PACK_CODES),
  targetLink: z.string().trim().max(500),
  deliverySpeed: deliverySpeedField,
  extraLikes: z.literal("on").optional(),
  extraViews: z.literal("on").optional(),
  // One of the dropdown's options exactly ("10", never "1e1" or "10.0"); absent means no comments.
  comments: z
    .string()
    .optional()
    .transform((value, context) => {
      const count = value === undefined ? 0 : readCommentCount(value);
      if (count === null) context.addIssue({ code: "custom", message: "Not a comments option" });
      return count ?? 0;
    }),
  ...orderFormFields,
});

export async function action({ request, context }: Route.ActionArgs) {
  const user = await getCurrentUser(request);
  if (!user) throw redirect(signUpPathFor(request));
  return answerOrderForm(request, packForm, {
    malformed: ORDER_TEXT.orderFailed,
    place: (form) =>
      placePackOrder(shopDatabase(context), {
        userId: user.id,
        packCode: form.packCode,
        targetLink: form.targetLink,
        deliverySpeed: form.deliverySpeed,
        extraLikes: form.extraLikes === "on",
        extraViews: form.extraViews === "on",
        comments: form.comments,
        idempotencyKey: form.idempotencyKey,
        expectedTotalCents: form.expectedTotalCents,
      }),
  });
}

/** A fresh form per pack (the `package` query can switch packs on one address). */
export default function LikesPackOrderPage(props: Route.ComponentProps) {
  return <LikesPackForm key={props.loaderData.pack.code} {...props} />;
}

function LikesPackForm({ loaderData, actionData }: Route.ComponentProps) {
  const { pack, rates, signedIn } = loaderData;
  const [targetLink, setTargetLink] = useState("");
  const [extraLikes, setExtraLikes] = useState(false);
  const [extraViews, setExtraViews] = useState(false);
  const [comments, setComments] = useState<PackCommentCount>(0);
  const flow = useOrderFlow({
    signedIn,
    refusal: actionData,
    readForm: () => ({
      targetLink,
      deliverySpeed: "fast",
      extraLikes: String(extraLikes),
      extraViews: String(extraViews),
      comments: String(comments),
    }),
    restoreForm: (saved) => {
      setTargetLink(saved.targetLink ?? "");
      setExtraLikes(saved.extraLikes === "true");
      setExtraViews(saved.extraViews === "true" && rates.views !== null);
      setComments(rates.comments === null ? 0 : parseCommentCount(saved.comments));
    },
  });
  const likesRate = rates.likes;
  const priced = likesRate
    ? priceLikesPack(pack, { extraLikes, extraViews, comments }, { ...rates, likes: likesRate })
    : null;

  return (
    <main className="mx-auto max-w-2xl px-4 py-10 sm:px-6">
      <OrderPageHeader
        fallback="/services/instagram"
        subtitle={`${likesPackProductName(pack.name)}: ${formatCount(pack.likes)} likes for ${formatCents(pack.priceCents)}`}
      />
      <Card>
        {likesRate ? null : (
          <div
            role="alert"
            className="mb-5 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900"
          >
            <p className="font-semibold">{ORDER_TEXT.likesServiceUnavailable.title}</p>
            <p>{ORDER_TEXT.likesServiceUnavailable.message}</p>
          </div>
        )}
        <OrderForm
          flow={flow}
          idempotencyKey={loaderData.idempotencyKey}
          totalCents={priced ? discountedCharge(priced.totalCents, loaderData.discountTenths) : null}
          discountTenths={loaderData.discountTenths}
          lines={priced ? packSummaryLines(pack, priced.lines) : []}
          balanceCents={loaderData.balanceCents}
          refusal={actionData}
          check={() => {
            if (!likesRate) return ORDER_TEXT.likesServiceUnavailable;
            // The pack's link goes to a post: checked as the Instagram Likes service's link is.
            const link = checkInstagramPostLink(targetLink);
            return link.ok ? null : noticeOf(link);
          }}
          canSend={targetLink !== "" && Boolean(likesRate)}
        >
          <input type="hidden" name="packCode" value={pack.code} />
          {pack.features.length ? (
            <ul className="grid gap-1 text-sm text-slate-600 sm:grid-cols-2">
              {pack.features.map((feature) => (
                <li key={feature}>✓ {feature}</li>
              ))}
            </ul>
          ) : null}
          {loaderData.terms ? <ServiceTermsList terms={loaderData.terms} className="text-slate-600" /> : null}
          <Input
            label="Instagram post link"
            name="targetLink"
            value={targetLink}
            onChange={(event) => setTargetLink(event.target.value)}
            placeholder="https://www.instagram.com/p/..."
            autoComplete="off"
            required
          />
          {/* A pack is delivered in one go: no speed paces it (product rules 4.20). */}
          <input type="hidden" name="deliverySpeed" value="fast" />
          <DeliveryPaceNote reason="at_once" />
          <PackAddOns
            pack={pack}
            extraLikesCents={
              pack.extraLikesFlatCents ?? (likesRate ? chargeForQuantity(likesRate, pack.extraLikes) : null)
            }
            extraViewsCents={rates.views ? chargeForQuantity(rates.views, pack.extraViews) : null}
            commentCents={(count) => (rates.comments ? chargeForQuantity(rates.comments, count) : null)}
            extraLikes={extraLikes}
            extraViews={extraViews}
            comments={comments}
            onExtraLikes={setExtraLikes}
            onExtraViews={setExtraViews}
            onComments={setComments}
          />
        </OrderForm>
      </Card>
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ShopRouteError error={error} />;
}
