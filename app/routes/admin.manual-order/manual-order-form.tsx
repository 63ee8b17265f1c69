import { useEffect, useMemo, useRef, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { QuantityField, useCountInput } from "../../components/order/quantity-field.tsx";
import { buttonClass } from "../../components/ui/button.tsx";
import { type FieldErrors, fieldErrorsOf, useFocusFirstInvalid } from "../../components/ui/field-errors.ts";
import { Input } from "../../components/ui/input.tsx";
import { Select } from "../../components/ui/select.tsx";
import { Textarea } from "../../components/ui/textarea.tsx";
import { useToast } from "../../components/ui/toaster.tsx";
import { MANUAL_ORDER_TEXT, userInsufficientBalance } from "../../domain/admin/manual-order-messages.ts";
import { manualOrderTotal } from "../../domain/admin/manual-order-total.ts";
import type { ManualOrderService } from "../../domain/catalog/list-services-for-admin.server.ts";
import { formatPlatformName, formatServiceName } from "../../domain/catalog/product-name.ts";
import { DELIVERY_SPEEDS } from "../../domain/orders/delivery-speeds.ts";
import {
  AUTO_POSTS_MAX,
  AUTO_POSTS_MIN,
  POSTS_RULES,
  perPostRules,
  quantityRules,
} from "../../domain/orders/quantity-input.ts";
import type { Cents } from "../../domain/pricing/cents.ts";
import { discountPercentText } from "../../domain/pricing/discount.ts";
import { formatCents, formatPackagePrice, formatRate } from "../../lib/format-money.ts";

export type ManualOrderUser = { id: string; email: string; balanceCents: Cents; discountTenths: number };

// The speeds and their times from the one list the order pages use (product rules 11.1).
const SPEEDS = DELIVERY_SPEEDS.map((speed) => ({
  value: speed.value,
  label: `${speed.label} (${speed.detail})`,
}));

/** The form's fields that can show a message. */
const MANUAL_FIELDS = ["userId", "serviceId", "quantity", "posts", "target", "adminNotes"] as const;

/** The form's field for a refusal's field: the order's link or username is this form's `target`. */
function formFieldOf(field: string | null): string | null {
  return field === "targetLink" || field === "username" ? "target" : field;
}

/** The user search box (GET ?q=, 20 results on the server), keeping the preselected user. */
export function UserSearch({ q, preselectedId }: { q: string; preselectedId: string | null }) {
  return (
    <Form method="get" role="search" className="flex items-end gap-2">
      {preselectedId ? <input type="hidden" name="userId" value={preselectedId} /> : null}
      <div className="flex-1">
        <Input label="Search users by email" name="q" type="search" defaultValue={q} maxLength={200} />
      </div>
      <button type="submit" className={buttonClass("secondary")}>
        Search
      </button>
    </Form>
  );
}

/** The 'Create Manual Order' form with its live total; the server checks and prices everything again. */
export function ManualOrderForm({
  users,
  services,
  preselectedId,
  idempotencyKey,
  notice,
  noticeField,
}: {
  users: ManualOrderUser[];
  services: ManualOrderService[];
  preselectedId: string | null;
  idempotencyKey: string;
  notice: { title: string; message: string } | null;
  /** The field the server's refusal is about, if any (a placed order's `targetLink` is this form's `target`). */
  noticeField: string | null;
}) {
  const toast = useToast();
  const busy = useNavigation().state !== "idle";
  const form = useRef<HTMLFormElement>(null);
  const [typedErrors, setTypedErrors] = useState<FieldErrors | null>(null);
  // A refusal about one of the form's fields is said beside it (product rules 12.3); the rest in toasts.
  const answeredErrors = useMemo(
    () =>
      fieldErrorsOf(notice && { field: formFieldOf(noticeField), message: notice.message }, MANUAL_FIELDS),
    [notice, noticeField],
  );
  const errors = typedErrors ?? (busy ? null : answeredErrors);
  useFocusFirstInvalid(form, errors);
  const [userId, setUserId] = useState(preselectedId ?? "");
  const [serviceId, setServiceId] = useState("");
  const [target, setTarget] = useState("");
  const user = users.find((candidate) => candidate.id === userId);
  const service = services.find((candidate) => candidate.id === serviceId);
  const isAuto = service?.serviceType === "auto";
  // The quantity is per post for an auto service; it reads as the chosen service's limits say.
  const quantity = useCountInput(
    "",
    service ? (isAuto ? perPostRules(service) : quantityRules(service)) : null,
  );
  const posts = useCountInput("", POSTS_RULES);
  // The total of exactly what will be sent, or none while a count is not one that can be ordered.
  // Less the customer's discount, as their orders are charged (product rules 15.28).
  const totalCents = service
    ? manualOrderTotal(service, quantity.value, posts.value, user?.discountTenths ?? 0)
    : null;
  const incomplete = !userId || !serviceId || !target.trim() || totalCents === null;

  useEffect(() => {
    if (notice && !answeredErrors)
      toast({ title: notice.title, description: notice.message, variant: "destructive" });
  }, [notice, answeredErrors, toast]);

  function checkBeforeSending(event: React.FormEvent<HTMLFormElement>) {
    setTypedErrors(null);
    const stopWithToast = (title: string, description: string) => {
      event.preventDefault();
      toast({ title, description, variant: "destructive" });
    };
    const besideField = (field: string, message: string) => {
      event.preventDefault();
      setTypedErrors({ [field]: message });
    };
    if (!userId || !serviceId || !quantity.text.trim() || !target.trim())
      return stopWithToast(
        MANUAL_ORDER_TEXT.missingInformation.title,
        MANUAL_ORDER_TEXT.missingInformation.message,
      );
    if (!user || !service)
      return besideField(user ? "serviceId" : "userId", MANUAL_ORDER_TEXT.invalidSelection.message);
    if (isAuto && posts.value === null) return besideField("posts", MANUAL_ORDER_TEXT.postsRequired.message);
    if (totalCents !== null && totalCents > user.balanceCents) {
      const text = userInsufficientBalance(totalCents, user.balanceCents);
      return stopWithToast(text.title, text.message);
    }
  }

  return (
    <Form method="post" ref={form} className="grid gap-5 md:grid-cols-2" onSubmit={checkBeforeSending}>
      <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
      {totalCents !== null ? <input type="hidden" name="expectedTotalCents" value={totalCents} /> : null}
      <Select
        label="User"
        id="manual-user"
        name="userId"
        value={userId}
        onChange={(event) => setUserId(event.target.value)}
        fieldClassName="md:col-span-2"
        error={errors?.userId}
      >
        <option value="">Select a user</option>
        {users.map((option) => (
          <option key={option.id} value={option.id}>
            {`${option.email} (${formatCents(option.balanceCents)})`}
          </option>
        ))}
      </Select>
      <Select
        label="Service"
        id="manual-service"
        name="serviceId"
        value={serviceId}
        onChange={(event) => setServiceId(event.target.value)}
        fieldClassName="md:col-span-2"
        error={errors?.serviceId}
      >
        <option value="">Select a service</option>
        {services.map((option) => (
          <option key={option.id} value={option.id}>
            {`${formatPlatformName(option.platform)} - ${formatServiceName(option.name)} (${option.orderType === "package" ? formatPackagePrice(option.pricePer1000) : `${formatRate(option.pricePer1000)}/1000`})`}
          </option>
        ))}
      </Select>
      <QuantityField
        input={quantity}
        label={isAuto ? "Quantity per post" : "Quantity"}
        name="quantity"
        error={errors?.quantity}
      />
      {isAuto ? (
        <QuantityField
          input={posts}
          label="Number of Posts"
          name="posts"
          hint={`Between ${AUTO_POSTS_MIN} and ${AUTO_POSTS_MAX}`}
          error={errors?.posts}
        />
      ) : null}
      <Input
        label={isAuto ? "Instagram Username" : "Target Link"}
        name="target"
        value={target}
        onChange={(event) => setTarget(event.target.value)}
        placeholder={isAuto ? "username" : "https://..."}
        autoComplete="off"
        maxLength={500}
        error={errors?.target}
      />
      <Select
        label="Delivery Speed"
        id="manual-speed"
        name="deliverySpeed"
        defaultValue="fast"
        options={SPEEDS}
      />
      <Textarea
        label="Admin Notes (optional)"
        id="manual-notes"
        name="adminNotes"
        rows={3}
        maxLength={1000}
        fieldClassName="md:col-span-2"
        error={errors?.adminNotes}
      />
      <div className="rounded-xl bg-slate-50 p-4 md:col-span-2">
        <p className="text-sm text-slate-600">Total Cost</p>
        <p className="text-2xl font-bold text-slate-900" data-testid="manual-order-total">
          {totalCents !== null ? formatCents(totalCents) : "—"}
        </p>
        {user ? (
          <p className="mt-1 text-sm text-slate-600">
            User balance: {formatCents(user.balanceCents)}
            {user.discountTenths > 0
              ? `; their ${discountPercentText(user.discountTenths)} discount is applied`
              : ""}
          </p>
        ) : null}
      </div>
      <div className="flex gap-3 md:col-span-2">
        <button type="submit" disabled={busy || incomplete} className={buttonClass("primary")}>
          {busy ? "Creating Order..." : "Create Order"}
        </button>
        <Link to="/admin/orders" className={buttonClass("secondary")}>
          Cancel
        </Link>
      </div>
    </Form>
  );
}
