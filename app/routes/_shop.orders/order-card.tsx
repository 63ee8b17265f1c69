import type { ReactNode } from "react";
import { Link } from "react-router";
import { formatDateTime, platformName } from "../../components/dashboard/format.ts";
import { OrderStatusBadges } from "../../components/dashboard/status-badge.tsx";
import { buttonClass } from "../../components/ui/button.tsx";
import { orderProductName } from "../../domain/catalog/product-name.ts";
import type { CustomerOrder } from "../../domain/orders/list-customer-orders.server.ts";
import { cancelPromise, ORDERS_PAGE_TEXT, refillPromise } from "../../domain/orders/orders-page-text.ts";
import { REFILL_STATUS_WORDS } from "../../domain/refills/refill-status.ts";
import { formatCents, formatCount } from "../../lib/format-money.ts";
import { ConfirmedAction } from "./confirmed-action.tsx";
import type { OrderActionRefused } from "./order-action.server.ts";
import { OrderRuns } from "./order-runs.tsx";
import { StatusHistory } from "./status-history.tsx";

/**
 * The order page to order the same again, with its link and quantity filled in (the generic order page reads
 * ?link= and ?pkg=); a likes pack's own page, which starts from the pack.
 */
function reorderHref(order: CustomerOrder): string {
  if (order.pack) return `/order/real-instagram-likes-${order.pack.code}`;
  const params = new URLSearchParams({ link: order.targetLink, pkg: String(order.quantity) });
  return `/order/${order.serviceId}?${params}`;
}

function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-slate-500">{label}</dt>
      <dd className="font-medium text-slate-900" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

/** One order: what it is, where it stands, its history, and what the customer may do with it now. */
export function OrderCard({ order, refused }: { order: CustomerOrder; refused?: OrderActionRefused }) {
  const headingId = `order-${order.id}`;
  return (
    <li
      aria-labelledby={headingId}
      data-testid="customer-order"
      className="min-w-0 rounded-xl border border-slate-200 bg-white p-4"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={headingId} className="font-semibold text-slate-900">
            {order.orderNumber}
          </h2>
          <p className="text-sm text-slate-600 [overflow-wrap:anywhere]">
            {orderProductName({ serviceName: order.serviceName, packName: order.pack?.name })} ·{" "}
            {platformName(order.platform)}
          </p>
        </div>
        <OrderStatusBadges status={order.status} cancelState={order.cancelState} />
      </div>
      <p className="mt-2 min-w-0 text-sm text-slate-700 [overflow-wrap:anywhere]" data-testid="order-link">
        <span className="text-slate-500">Link: </span>
        {order.targetLink}
      </p>
      {order.parts.length > 0 ? (
        <div className="mt-2 text-sm text-slate-700" data-testid="order-parts">
          <p className="text-slate-500">Includes:</p>
          <ul className="mt-1 space-y-0.5">
            {order.parts.map((part) => (
              <li key={part.name} className="flex flex-wrap justify-between gap-x-3">
                <span>
                  {part.name}: {formatCount(part.quantity)}
                </span>
                <span className="tabular-nums">{formatCents(part.chargeCents)}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <dl className="mt-3 grid grid-cols-2 gap-2 text-sm sm:grid-cols-3 lg:grid-cols-6">
        <Fact label="Placed">
          <time dateTime={order.createdAt}>{formatDateTime(order.createdAt)}</time>
        </Fact>
        <Fact label="Quantity">{formatCount(order.quantity)}</Fact>
        <Fact label="Start count" testId="order-start-count">
          {order.startCount === null ? "Not reported" : formatCount(order.startCount)}
        </Fact>
        <Fact label="Remains" testId="order-remains">
          {formatCount(order.remains)}
        </Fact>
        <Fact label="Charge">{formatCents(order.chargeCents)}</Fact>
        <Fact label="Refunded" testId="order-refunded">
          {formatCents(order.refundedCents)}
        </Fact>
        {order.refill ? (
          <Fact label="Refill" testId="order-refill-status">
            {REFILL_STATUS_WORDS[order.refill.status]}
            {order.refill.error ? (
              <span className="font-normal text-slate-600">: {order.refill.error}</span>
            ) : null}
          </Fact>
        ) : null}
      </dl>
      <p className="mt-2 text-sm text-slate-700" data-testid="order-delivery">
        <span className="text-slate-500">Delivery: </span>
        {order.delivery}
      </p>
      {order.runs ? <OrderRuns progress={order.runs} /> : null}
      {order.estimatedFinish ? (
        <p className="mt-1 text-sm text-slate-700" data-testid="order-estimated-finish">
          Estimated finish:{" "}
          <time dateTime={order.estimatedFinish}>{formatDateTime(order.estimatedFinish)}</time>
        </p>
      ) : null}
      <StatusHistory history={order.history} />
      <div className="mt-4 flex flex-wrap gap-2">
        {order.cancelKind ? (
          <ConfirmedAction
            intent="cancel"
            orderId={order.id}
            label={ORDERS_PAGE_TEXT.cancel}
            title={ORDERS_PAGE_TEXT.cancelTitle}
            keepLabel={ORDERS_PAGE_TEXT.keepOrder}
            variant="danger"
          >
            <p>{cancelPromise(order.orderNumber, order.chargeCents, order.cancelKind)}</p>
          </ConfirmedAction>
        ) : null}
        {order.canRefill ? (
          <ConfirmedAction
            intent="refill"
            orderId={order.id}
            label={ORDERS_PAGE_TEXT.refill}
            title={ORDERS_PAGE_TEXT.refillTitle}
            keepLabel={ORDERS_PAGE_TEXT.notNow}
            variant="primary"
          >
            <p>{refillPromise(order.orderNumber, order.quantity)}</p>
          </ConfirmedAction>
        ) : null}
        {order.serviceEnabled ? (
          <Link to={reorderHref(order)} className={buttonClass("secondary")}>
            {ORDERS_PAGE_TEXT.reorder}
            <span className="sr-only"> {order.orderNumber}</span>
          </Link>
        ) : null}
      </div>
      {order.cancelNote || order.refillNote ? (
        <p className="mt-3 text-sm text-slate-600" data-testid="order-terms-note">
          {[order.cancelNote, order.refillNote].filter(Boolean).join(" ")}
        </p>
      ) : null}
      {refused ? (
        <p role="alert" className="mt-3 text-sm font-medium text-red-700" data-testid="order-action-refused">
          {refused.message}
        </p>
      ) : null}
    </li>
  );
}
