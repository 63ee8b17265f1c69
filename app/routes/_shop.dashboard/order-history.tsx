import { Link } from "react-router";
import { formatDateTime, platformName } from "../../components/dashboard/format.ts";
import { EmptyState, LoadError } from "../../components/dashboard/section-state.tsx";
import { OrderStatusBadges } from "../../components/dashboard/status-badge.tsx";
import { buttonClass } from "../../components/ui/button.tsx";
import { orderLineName } from "../../domain/catalog/product-name.ts";
import type { DashboardOrder } from "../../domain/dashboard/list-recent-orders.server.ts";
import type { Section } from "../../domain/dashboard/read-dashboard.server.ts";
import { ORDERS_PAGE_TEXT } from "../../domain/orders/orders-page-text.ts";
import { formatCents, formatCount } from "../../lib/format-money.ts";

/** The order's number, or 'Order #' and the first 8 characters of its id when it has none. */
function orderLabel(order: DashboardOrder): string {
  return order.orderNumber ?? `Order #${order.id.slice(0, 8)}`;
}

/** Every order, with search, paging, Cancel, Refill and Reorder: the /orders page. */
function ViewAllOrders() {
  return (
    <p className="mt-4 text-center">
      <Link to="/orders" className={buttonClass("secondary")} data-testid="view-all-orders">
        {ORDERS_PAGE_TEXT.viewAll}
      </Link>
    </p>
  );
}

/** Order History: the 10 newest orders, with their breakdown when the order has one, and a link to them all. */
export function OrderHistory({ orders }: { orders: Section<DashboardOrder[]> }) {
  if (!orders.loaded) return <LoadError message={orders.error} />;
  if (orders.data.length === 0) return <EmptyState testId="orders-empty">No orders yet</EmptyState>;
  return (
    <>
      <RecentOrders orders={orders.data} />
      <ViewAllOrders />
    </>
  );
}

function RecentOrders({ orders }: { orders: DashboardOrder[] }) {
  return (
    <ul className="space-y-3">
      {orders.map((order) => (
        <li
          key={order.id}
          data-testid="dashboard-order"
          className="rounded-xl border border-slate-200 bg-white p-4"
        >
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div>
              <p className="font-semibold text-slate-900">{orderLabel(order)}</p>
              <p className="text-sm text-slate-600">
                {order.serviceName} · {platformName(order.platform)}
              </p>
            </div>
            <OrderStatusBadges status={order.status} cancelState={order.cancelState} />
          </div>
          <dl className="mt-3 grid grid-cols-2 gap-2 text-sm sm:grid-cols-3">
            <div>
              <dt className="text-slate-500">Quantity</dt>
              <dd className="font-medium text-slate-900">{formatCount(order.quantity)}</dd>
            </div>
            <div>
              <dt className="text-slate-500">Total</dt>
              <dd className="font-medium text-slate-900">{formatCents(order.totalCents)}</dd>
            </div>
            <div>
              <dt className="text-slate-500">Date</dt>
              <dd className="font-medium text-slate-900">
                <time dateTime={order.createdAt}>{formatDateTime(order.createdAt)}</time>
              </dd>
            </div>
          </dl>
          {order.lines.length > 0 ? (
            <ul
              aria-label="Breakdown"
              className="mt-3 divide-y divide-slate-100 rounded-lg bg-slate-50 px-3 text-sm"
            >
              {order.lines.map((line, index) => (
                // Lines have no id of their own; their position in the order is stable.
                // biome-ignore lint/suspicious/noArrayIndexKey: see above
                <li key={index} className="flex justify-between gap-3 py-2">
                  <span className="text-slate-700">
                    {orderLineName(line.service_type)} × {formatCount(line.quantity)}
                  </span>
                  <span className="font-medium text-slate-900">{formatCents(line.total_cents)}</span>
                </li>
              ))}
            </ul>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
