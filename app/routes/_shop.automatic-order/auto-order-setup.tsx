import { useEffect, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { DiscountNote } from "../../components/order/discount-note.tsx";
import { OrderTokenFields } from "../../components/order/order-form.tsx";
import { QuantityField, useCountInput } from "../../components/order/quantity-field.tsx";
import { buttonClass } from "../../components/ui/button.tsx";
import { Card, CardHeader } from "../../components/ui/card.tsx";
import { fieldErrorsOf } from "../../components/ui/field-errors.ts";
import { Input } from "../../components/ui/input.tsx";
import { Select } from "../../components/ui/select.tsx";
import { useToast } from "../../components/ui/toaster.tsx";
import type { AutoService } from "../../domain/catalog/list-auto-services.server.ts";
import { readProfileUsername } from "../../domain/orders/profile-username.ts";
import {
  AUTO_POSTS_MAX,
  AUTO_POSTS_MIN,
  countOnLeaving,
  POSTS_RULES,
  perPostRules,
} from "../../domain/orders/quantity-input.ts";
import { discountedAutoOrderCost } from "../../domain/pricing/discount.ts";
import { formatCents, formatRate } from "../../lib/format-money.ts";

export const AUTO_FAILED = "Auto order failed";
const DEFAULT_PER_POST = "100";
const DEFAULT_POSTS = "10";
/** The one field whose refusal the form says beside it (product rules 12.3); any other is a toast. */
const USERNAME_FIELD = ["username"] as const;

/** The setup form: service, username, engagement per post and posts, with the cost the server will charge. */
export function AutoOrderSetup({
  services,
  balanceCents,
  discountTenths,
  idempotencyKey,
  notice,
  field,
}: {
  services: AutoService[];
  balanceCents: number;
  /** The customer's discount (product rules 15.29): in the cost shown, said beside it. */
  discountTenths: number;
  idempotencyKey: string;
  notice: { title: string; message: string } | null;
  /** The field the server's refusal is about, if one. */
  field?: string;
}) {
  const toast = useToast();
  const navigation = useNavigation();
  const [serviceId, setServiceId] = useState(services[0]?.id ?? "");
  const [username, setUsername] = useState("");
  // The username field's own message: what it reads after the customer leaves it, or the server's refusal of it.
  const [usernameError, setUsernameError] = useState<string | null>(null);
  const service = services.find((candidate) => candidate.id === serviceId);
  const perPostCountRules = service ? perPostRules(service) : null;
  const perPost = useCountInput(
    () => (perPostCountRules ? countOnLeaving(DEFAULT_PER_POST, perPostCountRules) : DEFAULT_PER_POST),
    perPostCountRules,
  );
  const posts = useCountInput(DEFAULT_POSTS, POSTS_RULES);
  // The cost of exactly what will be sent (less the customer's discount, as the server charges it), or none while a
  // count is not one that can be ordered.
  const cost =
    service && perPost.value !== null && posts.value !== null
      ? discountedAutoOrderCost(service.pricePer1000, perPost.value, posts.value, discountTenths)
      : null;
  const busy = navigation.state !== "idle";

  useEffect(() => {
    const beside = fieldErrorsOf(notice && { field, message: notice.message }, USERNAME_FIELD)?.username;
    if (beside) setUsernameError(beside);
    else if (notice) toast({ title: AUTO_FAILED, description: notice.message, variant: "destructive" });
  }, [notice, field, toast]);

  /** Product rules 4.10: a pasted profile link is read as its username; a post's or another site's is refused. */
  function checkUsername(): string | null {
    if (!service || !username.trim()) return null;
    const profile = readProfileUsername(username, service);
    if (!profile.ok) return profile.message;
    if (profile.username !== username) setUsername(profile.username);
    return null;
  }

  function checkBeforeSending(event: React.FormEvent<HTMLFormElement>) {
    const stopWithToast = (description: string) => {
      event.preventDefault();
      toast({ title: AUTO_FAILED, description, variant: "destructive" });
    };
    // The counts are checked as typed (the button waits for them); the rest is checked here.
    if (!service || !username.trim() || !cost) return stopWithToast("Please fill in all fields.");
    const problem = checkUsername();
    if (problem) {
      event.preventDefault();
      setUsernameError(problem);
      return;
    }
    if (cost.total > balanceCents)
      return stopWithToast(
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
        <OrderTokenFields idempotencyKey={idempotencyKey} totalCents={cost?.total ?? null} />
        <Select
          label="Service"
          id="auto-service"
          name="serviceId"
          value={serviceId}
          onChange={(event) => setServiceId(event.target.value)}
          fieldClassName="md:col-span-2"
        >
          {services.map((option) => (
            <option key={option.id} value={option.id}>
              {option.name} ({formatRate(option.pricePer1000)}/1000)
            </option>
          ))}
        </Select>
        <Input
          label="Target username"
          name="username"
          value={username}
          onChange={(event) => {
            setUsername(event.target.value);
            setUsernameError(null);
          }}
          onBlur={() => setUsernameError(checkUsername())}
          placeholder="@yourusername"
          hint="Your username, or paste your profile link"
          error={usernameError ?? undefined}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
        />
        <QuantityField input={perPost} label="Engagement per post" name="perPost" />
        <QuantityField
          input={posts}
          label="Total posts"
          name="posts"
          hint={`Between ${AUTO_POSTS_MIN} and ${AUTO_POSTS_MAX}`}
        />
        <dl className="grid grid-cols-3 gap-4 rounded-xl bg-slate-50 p-4 md:col-span-2">
          <div>
            <dt className="text-sm text-slate-600">Cost per post</dt>
            <dd className="text-xl font-bold text-slate-900" data-testid="auto-cost-per-post">
              {cost ? formatCents(cost.costPerPost) : "—"}
            </dd>
          </div>
          <div>
            <dt className="text-sm text-slate-600">Total cost</dt>
            <dd className="text-xl font-bold text-slate-900" data-testid="auto-total">
              {cost ? formatCents(cost.total) : "—"}
            </dd>
          </div>
          <div>
            <dt className="text-sm text-slate-600">Account balance</dt>
            <dd className="text-xl font-bold text-slate-900">{formatCents(balanceCents)}</dd>
          </div>
          <DiscountNote discountTenths={discountTenths} className="col-span-3" />
        </dl>
        {cost && cost.total > balanceCents ? (
          <p role="alert" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900 md:col-span-2">
            This auto order costs more than your balance.{" "}
            <Link to="/wallet?next=/automatic-order" className="font-semibold underline">
              Add funds to continue
            </Link>
          </p>
        ) : null}
        <button
          type="submit"
          disabled={busy || !service || !cost}
          className={buttonClass("primary", "md:col-span-2")}
        >
          {busy ? "Setting up..." : "Start Auto Order"}
        </button>
      </Form>
    </Card>
  );
}
