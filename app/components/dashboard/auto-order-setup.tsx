import { useEffect, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import type { AutoService } from "../../domain/catalog/list-auto-services.server.ts";
import { autoOrderCost } from "../../domain/pricing/price.ts";
import { formatCents, formatCount, formatRate } from "../../lib/format-money.ts";
import { buttonClass } from "../ui/button.tsx";
import { Card, CardHeader } from "../ui/card.tsx";
import { Input } from "../ui/input.tsx";
import { useToast } from "../ui/toaster.tsx";

export const AUTO_FAILED = "Auto order failed";
const DEFAULT_PER_POST = "100";
const DEFAULT_POSTS = "10";

const digits = (text: string) =>
  text
    .replace(/\D/g, "")
    .replace(/^0+(?=\d)/, "")
    .slice(0, 9);

/** The setup form: service, username, engagement per post and posts, with the cost the server will charge. */
export function AutoOrderSetup({
  services,
  balanceCents,
  idempotencyKey,
  notice,
}: {
  services: AutoService[];
  balanceCents: number;
  idempotencyKey: string;
  notice: { title: string; message: string } | null;
}) {
  const toast = useToast();
  const navigation = useNavigation();
  const [serviceId, setServiceId] = useState(services[0]?.id ?? "");
  const [username, setUsername] = useState("");
  const [perPost, setPerPost] = useState(DEFAULT_PER_POST);
  const [posts, setPosts] = useState(DEFAULT_POSTS);
  const service = services.find((candidate) => candidate.id === serviceId);
  const perPostCount = Number(perPost);
  const postCount = Number(posts);
  const cost =
    service && perPostCount > 0 && postCount >= 1 && postCount <= 100
      ? autoOrderCost(service.pricePer1000, perPostCount, postCount)
      : null;
  const busy = navigation.state !== "idle";

  useEffect(() => {
    if (notice) toast({ title: AUTO_FAILED, description: notice.message, variant: "destructive" });
  }, [notice, toast]);

  function checkBeforeSending(event: React.FormEvent<HTMLFormElement>) {
    const refuse = (description: string) => {
      event.preventDefault();
      toast({ title: AUTO_FAILED, description, variant: "destructive" });
    };
    if (!service || !username.trim() || !perPost || !posts) return refuse("Please fill in all fields.");
    if (postCount < 1 || postCount > 100) return refuse("Number of posts must be between 1 and 100.");
    if (perPostCount < service.minQuantity || perPostCount > service.maxQuantity)
      return refuse(
        `Engagement per post must be between ${formatCount(service.minQuantity)} and ${formatCount(service.maxQuantity)}.`,
      );
    if (cost && cost.total > balanceCents)
      return refuse(
        `You need ${formatCents(cost.total)} but only have ${formatCents(balanceCents)}. Please add funds to your wallet.`,
      );
  }

  return (
    <Card>
      <CardHeader
        title="Set up an auto order"
        description="Paid up front; unused posts are refunded if you cancel."
      />
      <Form method="post" className="grid gap-5 md:grid-cols-2" onSubmit={checkBeforeSending}>
        <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
        {cost ? <input type="hidden" name="expectedTotalCents" value={cost.total} /> : null}
        <div className="space-y-1.5 md:col-span-2">
          <label htmlFor="auto-service" className="block text-sm font-medium text-slate-700">
            Service
          </label>
          <select
            id="auto-service"
            name="serviceId"
            value={serviceId}
            onChange={(event) => setServiceId(event.target.value)}
            className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-slate-900 shadow-sm focus:outline-2 focus:outline-brand-600"
          >
            {services.map((option) => (
              <option key={option.id} value={option.id}>
                {option.name} ({formatRate(option.pricePer1000)}/1000)
              </option>
            ))}
          </select>
        </div>
        <Input
          label="Target username"
          name="username"
          value={username}
          onChange={(event) => setUsername(event.target.value)}
          placeholder="@yourusername"
          autoComplete="off"
        />
        <Input
          label="Engagement per post"
          name="perPost"
          inputMode="numeric"
          value={perPost}
          onChange={(event) => setPerPost(digits(event.target.value))}
          hint={
            service
              ? `Between ${formatCount(service.minQuantity)} and ${formatCount(service.maxQuantity)}`
              : undefined
          }
        />
        <Input
          label="Total posts"
          name="posts"
          inputMode="numeric"
          value={posts}
          onChange={(event) => setPosts(digits(event.target.value).slice(0, 3))}
          hint="Between 1 and 100"
        />
        <dl className="grid grid-cols-3 gap-4 rounded-xl bg-slate-50 p-4 md:col-span-2">
          <div>
            <dt className="text-sm text-slate-600">Cost per post</dt>
            <dd className="text-xl font-bold text-slate-900" data-testid="auto-cost-per-post">
              {cost ? formatCents(cost.costPerPost) : "$0.00"}
            </dd>
          </div>
          <div>
            <dt className="text-sm text-slate-600">Total cost</dt>
            <dd className="text-xl font-bold text-slate-900" data-testid="auto-total">
              {cost ? formatCents(cost.total) : "$0.00"}
            </dd>
          </div>
          <div>
            <dt className="text-sm text-slate-600">Account balance</dt>
            <dd className="text-xl font-bold text-slate-900">{formatCents(balanceCents)}</dd>
          </div>
        </dl>
        {cost && cost.total > balanceCents ? (
          <p role="alert" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900 md:col-span-2">
            This auto order costs more than your balance.{" "}
            <Link to="/wallet?next=/automatic-order" className="font-semibold underline">
              Add funds to continue
            </Link>
          </p>
        ) : null}
        <button type="submit" disabled={busy || !service} className={buttonClass("primary", "md:col-span-2")}>
          {busy ? "Setting up..." : "Start Auto Order"}
        </button>
      </Form>
    </Card>
  );
}
