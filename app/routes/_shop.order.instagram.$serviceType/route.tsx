import { randomUUID } from "node:crypto";
import { useState } from "react";
import { data, redirect } from "react-router";
import { z } from "zod";
import { ShopRouteError } from "../../components/layout/page-error.tsx";
import {
  DeliveryPaceNote,
  DeliverySpeedField,
  effectiveSpeed,
  parseDeliverySpeed,
} from "../../components/order/delivery-speed.tsx";
import { OrderForm } from "../../components/order/order-form.tsx";
import { OrderPageHeader } from "../../components/order/order-page-header.tsx";
import { QuantityField, useCountInput } from "../../components/order/quantity-field.tsx";
import { useOrderFlow } from "../../components/order/use-order-flow.ts";
import { Card } from "../../components/ui/card.tsx";
import { Input } from "../../components/ui/input.tsx";
import { getCurrentUser } from "../../domain/accounts/session.server.ts";
import { placeAutoOrder } from "../../domain/auto-orders/place-auto-order.server.ts";
import { serviceOrderPath } from "../../domain/catalog/order-path.ts";
import type { PlatformLinkRule } from "../../domain/catalog/platforms.ts";
import { resolveAutoOrderEntry, signUpPathFor } from "../../domain/catalog/resolve-order-entry.server.ts";
import { readCustomerDiscount } from "../../domain/orders/customer-discount.server.ts";
import { ORDER_TEXT } from "../../domain/orders/messages.ts";
import { placeOrder } from "../../domain/orders/place-order.server.ts";
import { readProfileUsername } from "../../domain/orders/profile-username.ts";
import {
  AUTO_POSTS_MAX,
  AUTO_POSTS_MIN,
  countOnLeaving,
  POSTS_RULES,
  perPostRules,
  quantityRules,
  sentCount,
} from "../../domain/orders/quantity-input.ts";
import { refuse } from "../../domain/refusal.ts";
import { shopDatabase } from "../../lib/database-context.server.ts";
import { refusalMessage } from "../../lib/request-body.ts";
import { pageMeta } from "../../lib/seo.ts";
import { answerOrderForm, deliverySpeedField, orderFormFields } from "../shared/order-form.server.ts";
import type { Route } from "./+types/route";
import { autoOrderPreview } from "./auto-order-fields.ts";

/** Customer spec section 9: 100 per post and 10 posts by default. */
const DEFAULT_PER_POST = 100;
const DEFAULT_POSTS = 10;
/** The username is the one field whose refusal the page says beside it (its notice has no title of its own). */
const USERNAME_BESIDE: readonly string[] = ["username"];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const entry = await resolveAutoOrderEntry(shopDatabase(context), params.serviceType);
  if (!entry) throw data(null, { status: 404 });
  const { service } = entry;
  if (entry.mode === "one_time") throw redirect(serviceOrderPath(service));
  const user = await getCurrentUser(request);
  return {
    mode: entry.mode,
    service: {
      id: service.id,
      name: service.name,
      description: service.description,
      pricePer1000: service.pricePer1000,
      minQuantity: service.minQuantity,
      maxQuantity: service.maxQuantity,
      defaultPosts: service.defaultPosts,
      views: /views/i.test(service.name),
      // Its platform's rule, so the username is read as the server reads it (product rules 4.10, decisions/038).
      platform: service.platform,
      platformName: service.platformName,
      linkHosts: service.linkHosts,
    },
    signedIn: user !== null,
    balanceCents: user?.balanceCents ?? 0,
    discountTenths: user ? await readCustomerDiscount(shopDatabase(context), user.id) : 0,
    idempotencyKey: randomUUID(),
  };
}

export const meta: Route.MetaFunction = ({ loaderData, error, matches, location }) =>
  pageMeta({
    title: loaderData
      ? loaderData.service.name
      : refusalMessage(error)
        ? "Request not accepted"
        : "Page not found",
    description: "Set up automatic engagement for your next Instagram posts, paid from your Boostly wallet.",
    path: location.pathname,
    noindex: true,
    matches,
  });

// The counts are read with sentCount: anything but a count is refused with the field's own message.
const autoForm = z.object({
  username: z.string().trim().max(64),
  perPost: z.string().optional(),
  posts: z.string().optional(),
  followers: z.string().optional(),
  deliverySpeed: deliverySpeedField,
  ...orderFormFields,
});

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await getCurrentUser(request);
  if (!user) throw redirect(signUpPathFor(request));
  const entry = await resolveAutoOrderEntry(shopDatabase(context), params.serviceType);
  if (!entry || entry.mode === "one_time") throw data(null, { status: 404 });
  return answerOrderForm(request, autoForm, {
    malformed: ORDER_TEXT.autoOrderFailed,
    place: async (form) => {
      // A pasted profile link gives its username (product rules 4.10).
      const profile = readProfileUsername(form.username.replace(/@/g, ""), entry.service);
      if (!profile.ok) return refuse("invalid", profile, { field: "username" });
      const common = {
        userId: user.id,
        serviceId: entry.service.id,
        deliverySpeed: form.deliverySpeed,
        idempotencyKey: form.idempotencyKey,
        expectedTotalCents: form.expectedTotalCents,
      };
      // Product rules 3.5: a one-time followers order delivered to the username.
      if (entry.mode === "followers")
        return placeOrder(shopDatabase(context), {
          ...common,
          quantity: sentCount(form.followers),
          targetLink: profile.username,
          // The page offers the speed for a one-time order: Slow and Normal pace it (product rules 4.20).
          paceBySpeed: true,
        });
      const { perPost, posts } = form;
      return placeAutoOrder(shopDatabase(context), {
        ...common,
        username: profile.username,
        perPost: sentCount(perPost),
        posts: sentCount(posts),
      });
    },
  });
}

/** A fresh form per service: going from one auto order page to another never carries the last one's fields. */
export default function AutoOrderPage(props: Route.ComponentProps) {
  return <AutoOrderForm key={`${props.loaderData.mode}:${props.loaderData.service.id}`} {...props} />;
}

function AutoOrderForm({ loaderData, actionData }: Route.ComponentProps) {
  const { service, mode, signedIn } = loaderData;
  const followers = mode === "followers";
  const [username, setUsername] = useState("");
  // Followers: one count, the followers ordered (a one-time order); else engagement per post and posts.
  const countRules = followers ? quantityRules(service) : perPostRules(service);
  const perPost = useCountInput(() => countOnLeaving(String(DEFAULT_PER_POST), countRules), countRules);
  const posts = useCountInput(String(service.defaultPosts ?? DEFAULT_POSTS), POSTS_RULES);
  const [deliverySpeed, setDeliverySpeed] = useState(parseDeliverySpeed(null));
  // Only the one-time followers order is paced by a speed; an auto order's posts go as each post is seen.
  const postedSpeed = followers
    ? effectiveSpeed(deliverySpeed, perPost.value, service.minQuantity).speed
    : "fast";
  const flow = useOrderFlow({
    signedIn,
    refusal: actionData,
    readForm: () => ({ username, perPost: perPost.text, posts: posts.text, deliverySpeed: postedSpeed }),
    restoreForm: (saved) => {
      setUsername(saved.username ?? "");
      if (saved.perPost !== undefined) perPost.setText(countOnLeaving(saved.perPost, countRules));
      if (saved.posts !== undefined) posts.setText(saved.posts);
      setDeliverySpeed(parseDeliverySpeed(saved.deliverySpeed));
    },
    besideFields: USERNAME_BESIDE,
  });
  const { discountTenths } = loaderData;
  const counts = { perPost: perPost.value, posts: posts.value, followers };
  const preview = autoOrderPreview(service, { ...counts, discountTenths });
  const perPostLabel = service.views ? "Views per post" : "Likes per post";

  return (
    <main className="mx-auto max-w-2xl px-4 py-10 sm:px-6">
      <OrderPageHeader fallback="/services/instagram" title={service.name} subtitle={service.description} />
      <Card>
        <OrderForm
          flow={flow}
          idempotencyKey={loaderData.idempotencyKey}
          totalCents={preview?.totalCents ?? null}
          discountTenths={discountTenths}
          lines={
            preview && !followers
              ? [{ label: "Cost per post", cents: preview.costPerPostCents, testId: "cost-per-post" }]
              : []
          }
          balanceCents={loaderData.balanceCents}
          refusal={actionData}
          // The counts are checked as typed (Place Order waits for them); the username is checked here.
          check={() => usernameProblem(username, service)}
          canSend={preview !== null}
        >
          <Input
            label="Instagram username"
            name="username"
            value={username}
            onChange={(event) => setUsername(event.target.value.replace(/@/g, ""))}
            placeholder="yourusername"
            error={flow.fieldErrors?.username}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
          />
          {followers ? (
            <QuantityField input={perPost} label="Number of followers" name="followers" />
          ) : (
            <>
              <QuantityField input={perPost} label={perPostLabel} name="perPost" />
              <QuantityField
                input={posts}
                label="Number of posts"
                name="posts"
                hint={`Between ${AUTO_POSTS_MIN} and ${AUTO_POSTS_MAX} posts`}
              />
            </>
          )}
          {followers ? (
            <DeliverySpeedField
              value={deliverySpeed}
              onChange={setDeliverySpeed}
              quantity={perPost.value}
              runMinimum={service.minQuantity}
            />
          ) : (
            <>
              <input type="hidden" name="deliverySpeed" value="fast" />
              <DeliveryPaceNote reason="per_post" />
            </>
          )}
        </OrderForm>
      </Card>
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ShopRouteError error={error} />;
}

/** Why the username field cannot be ordered for, said beside it, or null (the same reading as the server's). */
function usernameProblem(username: string, platform: PlatformLinkRule) {
  if (!username.trim()) return { field: "username", message: ORDER_TEXT.usernameRequired.message };
  const profile = readProfileUsername(username, platform);
  return profile.ok ? null : { field: "username", message: profile.message };
}
