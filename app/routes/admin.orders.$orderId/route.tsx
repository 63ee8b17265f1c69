import { data, Link } from "react-router";
import { formatDateTime } from "../../components/admin/format.ts";
import { OrderMoneyLines } from "../../components/admin/order-money.tsx";
import { OrderOverrideForm } from "../../components/admin/order-override-form.tsx";
import { OrderStatusForm } from "../../components/admin/order-status-form.tsx";
import { useStaffCan } from "../../components/admin/use-staff-can.ts";
import { StatusBadge } from "../../components/dashboard/status-badge.tsx";
import { AddressText } from "../../components/ui/address-text.tsx";
import { buttonClass } from "../../components/ui/button.tsx";
import { Card, CardHeader } from "../../components/ui/card.tsx";
import { can } from "../../domain/accounts/permissions.ts";
import { requireAdmin, requireStaff } from "../../domain/accounts/session.server.ts";
import { statusChangeForm } from "../../domain/orders/change-order-status-by-admin.server.ts";
import { OVERRIDE_TEXT } from "../../domain/orders/order-override-text.ts";
import { readOrderForAdmin } from "../../domain/orders/read-order-for-admin.server.ts";
import { shopDatabase } from "../../lib/database-context.server.ts";
import { readForm } from "../../lib/form-body.server.ts";
import { formatCents, formatCount } from "../../lib/format-money.ts";
import { pageMeta } from "../../lib/seo.ts";
import {
  codeNeeded,
  codeRefusedAnswer,
  confirmSensitiveForm,
  SECOND_FACTOR_CODE_FIELD,
} from "../shared/sensitive-change.server.ts";
import type { Route } from "./+types/route";
import { CountsForm, GoodwillForm } from "./order-corrections.tsx";
import { answerOrderPageForm, ORDER_PAGE_FORMS } from "./order-page-actions.server.ts";
import { OrderHistory, OrderParts } from "./order-parts.tsx";

const FINAL = ["completed", "partial", "cancelled", "failed"];

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  pageMeta({
    title: `${loaderData?.page ? loaderData.page.order.orderNumber : "Order not found"} | Admin`,
    description: "One order: its status, parts, corrections and refunds.",
    path: "/admin/orders",
    noindex: true,
    matches,
  });

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const staff = await requireStaff(request, "orders.view");
  const page = await readOrderForAdmin(shopDatabase(context), params.orderId);
  if (!page) return data({ page: null }, { status: 404 });
  return {
    page: { ...page, order: { ...page.order, createdAt: page.order.createdAt.toISOString() } },
    codeNeeded: can(staff.staffRole, "orders.manage") && (await codeNeeded(shopDatabase(context), staff)),
  };
}

/** The order's forms (product rules 14.1-14.9), and the lists' status form and override dialog. */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const db = shopDatabase(context);
  const sent = await readForm(request, [statusChangeForm, ...ORDER_PAGE_FORMS, SECOND_FACTOR_CODE_FIELD]);
  // A goodwill credit moves money by hand: it asks for a recent code (product rules 15.35).
  const { refused, fields: form } =
    sent.intent === "goodwill-refund"
      ? await confirmSensitiveForm(db, request, admin, sent)
      : { refused: null, fields: sent };
  if (refused) return codeRefusedAnswer(refused);
  return answerOrderPageForm(db, { adminId: admin.id, form });
}

export default function AdminOrderPage({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  // Support reads orders; changing them is for those who manage orders (product rules 15.38).
  const mayChange = useStaffCan("orders.manage");
  if (!page) {
    return (
      <main className="mx-auto max-w-3xl px-4 py-16 text-center">
        <h1 className="text-2xl font-bold text-slate-900">Order not found</h1>
        <Link to="/admin/orders" className={buttonClass("primary", "mt-6")}>
          Back to Orders
        </Link>
      </main>
    );
  }
  const { order } = page;
  const label = order.orderNumber || order.id.slice(0, 8);
  const ended = FINAL.includes(order.status);
  const withProvider = order.withProvider !== null || order.cancelState !== null;
  const providerStartCount =
    page.parts.find((part) => part.upstreamStartCount !== null)?.upstreamStartCount ?? null;
  return (
    <main className="mx-auto max-w-6xl px-4 py-8">
      <Link to="/admin/orders" className={buttonClass("ghost", "-ml-4")}>
        ← Back to Orders
      </Link>
      <div className="mt-2 flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold text-slate-900">Order {label}</h1>
          <p className="mt-1 text-slate-600">
            Placed {formatDateTime(order.createdAt)} ·{" "}
            {order.customerEmail ? (
              <Link to={`/admin/users/${order.userId}`} className="text-brand-700 hover:underline">
                <AddressText text={order.customerEmail} />
              </Link>
            ) : (
              "Unknown customer"
            )}
          </p>
        </div>
        <Link to={`/admin/audit?subject=${order.id}`} className={buttonClass("secondary")}>
          Audit trail
        </Link>
      </div>
      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader title="The order" />
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-slate-500">Service</dt>
            <dd>{order.serviceName ?? "Unknown"}</dd>
            <dt className="text-slate-500">Quantity</dt>
            <dd>{formatCount(order.quantity)}</dd>
            <dt className="text-slate-500">Start count</dt>
            <dd data-testid="order-start-count">
              {order.startCount !== null
                ? `${formatCount(order.startCount)} (corrected)`
                : providerStartCount !== null
                  ? `${formatCount(providerStartCount)} (from the provider)`
                  : "Not set"}
            </dd>
            <dt className="text-slate-500">Remains</dt>
            <dd data-testid="order-remains">
              {order.remains === null ? "Not set" : formatCount(order.remains)}
            </dd>
            <dt className="text-slate-500">Link</dt>
            <dd>
              <AddressText text={order.targetLink} />
            </dd>
            <dt className="text-slate-500">Delivery</dt>
            <dd data-testid="order-delivery">{page.delivery}</dd>
            <dt className="text-slate-500">Status</dt>
            <dd>
              <StatusBadge status={order.status} />
            </dd>
          </dl>
          <div className="mt-4 text-sm">
            <OrderMoneyLines totalCents={order.totalCents} money={order.money} />
          </div>
        </Card>
        <Card data-testid="order-status-card">
          <CardHeader
            title={OVERRIDE_TEXT.heading}
            description={
              ended
                ? "This order has ended: its status no longer changes."
                : "Sets any status with the refund it implies, shown before you confirm. An order a provider has stops being followed here."
            }
          />
          {ended || !mayChange ? null : withProvider ? (
            <OrderStatusForm order={{ ...order, label }} onOrderPage />
          ) : (
            <OrderOverrideForm order={{ ...order, label }} />
          )}
        </Card>
        {mayChange ? <CountsForm order={{ ...order, label, ended }} /> : null}
        {!mayChange ? null : ended ? (
          <GoodwillForm
            order={{ id: order.id, label }}
            leftCents={page.goodwillLeftCents}
            codeNeeded={loaderData.codeNeeded ?? false}
          />
        ) : (
          <Card>
            <CardHeader
              title={OVERRIDE_TEXT.goodwillHeading}
              description={`Once the order has ended, up to ${formatCents(order.totalCents)} less what was given back.`}
            />
          </Card>
        )}
      </div>
      <OrderParts parts={page.parts} />
      <OrderHistory history={page.history} />
    </main>
  );
}
