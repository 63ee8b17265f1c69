import { randomUUID } from "node:crypto";
import { useState } from "react";
import { data, Form, redirect } from "react-router";
import { z } from "zod";
import { ShopRouteError } from "../components/layout/page-error.tsx";
import { autoOrderPreview, clampCount, digitsOnly } from "../components/order/auto-order-fields.ts";
import { DeliverySpeedField, parseDeliverySpeed } from "../components/order/delivery-speed.tsx";
import { OrderPageHeader, PlaceOrderButton } from "../components/order/order-page-header.tsx";
import { InsufficientFundsAlert, OrderSummary, RefusalNotice } from "../components/order/order-summary.tsx";
import { useOrderFlow } from "../components/order/use-order-flow.ts";
import { Card } from "../components/ui/card.tsx";
import { Input } from "../components/ui/input.tsx";
import { useToast } from "../components/ui/toaster.tsx";
import { db } from "../db/client.server.ts";
import {
  AUTO_POSTS_MAX,
  AUTO_POSTS_MIN,
  placeAutoOrder,
} from "../domain/auto-orders/place-auto-order.server.ts";
import { serviceOrderPath } from "../domain/catalog/order-path.ts";
import { parseListedPlatform } from "../domain/catalog/platforms.ts";
import { resolveAutoOrderEntry, signUpPathFor } from "../domain/catalog/resolve-order-entry.server.ts";
import { ORDER_TEXT } from "../domain/orders/messages.ts";
import { placeOrder } from "../domain/orders/place-order.server.ts";
import { formatCents, formatCount } from "../lib/format-money.ts";
import { useLiveBalance } from "../lib/live/live-balance.tsx";
import { pageMeta } from "../lib/seo.ts";
import { getCurrentUser } from "../lib/session.server.ts";
import { redirectWithToast } from "../lib/toast.server.ts";
import type { Route } from "./+types/_shop.order.instagram.$serviceType";

/** Customer spec section 9: 100 per post and 10 posts by default. */
const DEFAULT_PER_POST = 100;
const DEFAULT_POSTS = 10;

export async function loader({ request, params }: Route.LoaderArgs) {
  const entry = await resolveAutoOrderEntry(db(), params.serviceType);
  const platform = parseListedPlatform(entry?.service.platform);
  if (!entry || !platform) throw data(null, { status: 404 });
  const { service } = entry;
  if (entry.mode === "one_time") throw redirect(serviceOrderPath({ ...service, platform }));
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
    },
    postLimits: { minQuantity: AUTO_POSTS_MIN, maxQuantity: AUTO_POSTS_MAX },
    signedIn: user !== null,
    balanceCents: user?.balanceCents ?? 0,
    idempotencyKey: randomUUID(),
  };
}

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) =>
  pageMeta({
    title: loaderData ? loaderData.service.name : "Page not found",
    description: "Set up automatic engagement for your next Instagram posts, paid from your Boostly wallet.",
    path: location.pathname,
    noindex: true,
    matches,
  });

const count = z.coerce.number().int().nonnegative().max(1_000_000_000);
const autoForm = z.object({
  username: z.string().trim().max(64),
  perPost: count.optional(),
  posts: count.optional(),
  followers: count.optional(),
  deliverySpeed: z.enum(["slow", "normal", "fast"]).default("normal"),
  idempotencyKey: z.uuid(),
  expectedTotalCents: z.coerce.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER).optional(),
});

export async function action({ request, params }: Route.ActionArgs) {
  const user = await getCurrentUser(request);
  if (!user) throw redirect(signUpPathFor(request));
  const entry = await resolveAutoOrderEntry(db(), params.serviceType);
  if (!entry || entry.mode === "one_time") throw data(null, { status: 404 });
  const parsed = autoForm.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return { notice: ORDER_TEXT.autoOrderFailed, insufficient: false };
  const form = parsed.data;
  if (!form.username.replace(/@/g, "")) return { notice: ORDER_TEXT.usernameRequired };
  const common = {
    userId: user.id,
    serviceId: entry.service.id,
    deliverySpeed: form.deliverySpeed,
    idempotencyKey: form.idempotencyKey,
    expectedTotalCents: form.expectedTotalCents,
  };
  if (entry.mode === "followers") {
    // DECISIONS.md section 3: a one-time followers order delivered to the username.
    const result = await placeOrder(db(), {
      ...common,
      quantity: form.followers ?? 0,
      targetLink: form.username.replace(/@/g, ""),
    });
    if (!result.ok) return { notice: result.notice, insufficient: result.reason === "insufficient_funds" };
    return redirectWithToast("/dashboard", {
      title: ORDER_TEXT.orderPlaced,
      description: `${result.order.orderNumber}: ${result.order.serviceName}, ${formatCents(result.order.totalCents)}`,
    });
  }
  const result = await placeAutoOrder(db(), {
    ...common,
    username: form.username,
    perPost: form.perPost ?? 0,
    posts: form.posts ?? 0,
  });
  if (!result.ok) return { notice: result.notice, insufficient: result.reason === "insufficient_funds" };
  const placed = result.autoOrder;
  return redirectWithToast("/dashboard?tab=auto-orders", {
    title: "Auto Order Created",
    description: `${placed.serviceName}: ${placed.totalPosts} posts, ${formatCents(placed.totalCents)}`,
  });
}

/** A fresh form per service: going from one auto order page to another never carries the last one's fields. */
export default function AutoOrderPage(props: Route.ComponentProps) {
  return <AutoOrderForm key={`${props.loaderData.mode}:${props.loaderData.service.id}`} {...props} />;
}

function AutoOrderForm({ loaderData, actionData }: Route.ComponentProps) {
  const { service, mode, signedIn, postLimits } = loaderData;
  const followers = mode === "followers";
  const toast = useToast();
  const balanceCents = useLiveBalance(loaderData.balanceCents);
  const [username, setUsername] = useState("");
  const [perPost, setPerPost] = useState(String(clampCount(DEFAULT_PER_POST, service)));
  const [posts, setPosts] = useState(String(service.defaultPosts ?? DEFAULT_POSTS));
  const [deliverySpeed, setDeliverySpeed] = useState(parseDeliverySpeed(null));
  const flow = useOrderFlow({
    signedIn,
    refusal: actionData,
    readForm: () => ({ username, perPost, posts, deliverySpeed }),
    restoreForm: (saved) => {
      setUsername(saved.username ?? "");
      if (saved.perPost) setPerPost(digitsOnly(saved.perPost));
      if (saved.posts) setPosts(digitsOnly(saved.posts));
      setDeliverySpeed(parseDeliverySpeed(saved.deliverySpeed));
    },
  });
  const preview = autoOrderPreview(service.pricePer1000, perPost, posts, followers);
  const perPostLabel = service.views ? "Views per post" : "Likes per post";

  function checkBeforeSending(event: React.FormEvent<HTMLFormElement>) {
    const notice = !username.trim()
      ? ORDER_TEXT.usernameRequired
      : !followers && (Number(posts) < postLimits.minQuantity || Number(posts) > postLimits.maxQuantity)
        ? ORDER_TEXT.postsOutOfRange
        : null;
    if (!notice) return flow.sendOrSignUp(event);
    event.preventDefault();
    toast({ title: notice.title, description: notice.message, variant: "destructive" });
  }

  return (
    <main className="mx-auto max-w-2xl px-4 py-10 sm:px-6">
      <OrderPageHeader fallback="/services/instagram" title={service.name} subtitle={service.description} />
      <Card>
        <Form method="post" className="space-y-5" onSubmit={checkBeforeSending} noValidate>
          <input type="hidden" name="idempotencyKey" value={loaderData.idempotencyKey} />
          {preview ? <input type="hidden" name="expectedTotalCents" value={preview.totalCents} /> : null}
          <Input
            label="Instagram username"
            name="username"
            value={username}
            onChange={(event) => setUsername(event.target.value.replace(/@/g, ""))}
            placeholder="yourusername"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
          />
          {followers ? null : (
            <Input
              label={perPostLabel}
              name="perPost"
              inputMode="numeric"
              value={perPost}
              onChange={(event) => setPerPost(digitsOnly(event.target.value))}
              onBlur={() => setPerPost(String(clampCount(Number(perPost), service)))}
              hint={`Between ${formatCount(service.minQuantity)} and ${formatCount(service.maxQuantity)}`}
            />
          )}
          <Input
            label={followers ? "Number of followers" : "Number of posts"}
            name={followers ? "followers" : "posts"}
            inputMode="numeric"
            value={followers ? perPost : posts}
            onChange={(event) => (followers ? setPerPost : setPosts)(digitsOnly(event.target.value))}
            onBlur={() =>
              followers
                ? setPerPost(String(clampCount(Number(perPost), service)))
                : setPosts(String(clampCount(Number(posts), postLimits)))
            }
            hint={
              followers
                ? `Between ${formatCount(service.minQuantity)} and ${formatCount(service.maxQuantity)}`
                : `Between ${postLimits.minQuantity} and ${postLimits.maxQuantity} posts`
            }
          />
          <DeliverySpeedField value={deliverySpeed} onChange={setDeliverySpeed} />
          <OrderSummary
            lines={
              preview && !followers
                ? [{ label: "Cost per post", cents: preview.costPerPostCents, testId: "cost-per-post" }]
                : []
            }
            totalCents={preview?.totalCents ?? null}
            balanceCents={balanceCents}
            signedIn={signedIn}
          />
          {signedIn && preview && preview.totalCents > balanceCents ? (
            <InsufficientFundsAlert
              totalCents={preview.totalCents}
              balanceCents={balanceCents}
              walletHref={flow.walletHref}
              onLeave={flow.saveForm}
            />
          ) : null}
          <RefusalNotice refusal={actionData} />
          <PlaceOrderButton disabled={false} busy={flow.busy} />
        </Form>
      </Card>
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ShopRouteError error={error} />;
}
