import { Link } from "react-router";
import { formatPlatformName } from "../../domain/catalog/product-name.ts";
import { PROVIDER_TEXT } from "../../domain/fulfilment/messages.ts";
import type { PartTrouble } from "../../domain/fulfilment/part-troubles.server.ts";
import { ADMIN_ORDER_TEXT } from "../../domain/orders/admin-order-messages.ts";
import type { OrderMoney } from "../../domain/orders/order-money.server.ts";
import type { AdminOrderStatus } from "../../domain/orders/order-status-labels.ts";
import { formatCents, formatCount } from "../../lib/format-money.ts";
import { StatusBadge } from "../dashboard/status-badge.tsx";
import { AddressText } from "../ui/address-text.tsx";
import { AdminTable } from "./admin-table.tsx";
import { RowCheckbox } from "./bulk-bar.tsx";
import { formatDateTime, formatTimeOfDay, lineLabel } from "./format.ts";
import { ORDER_MONEY_HEADING, OrderMoneyLines } from "./order-money.tsx";
import { OrderStatusForm } from "./order-status-form.tsx";

export type AdminOrderView = {
  id: string;
  orderNumber: string;
  createdAt: string;
  userId: string;
  customerEmail: string | null;
  serviceName: string | null;
  platform: string | null;
  quantity: number;
  totalCents: number;
  status: AdminOrderStatus;
  targetLink: string;
  lines: { service_type: string; quantity: number; total_cents: number }[];
  remains: number | null;
  withProvider: string | null;
  cancelState: "requested" | "refused" | null;
  runs: number | null;
  intervalMinutes: number | null;
  comments: string | null;
  money: OrderMoney;
  /** Why its submission waits (product rules 14.11); absent or null when nothing does. */
  trouble?: PartTrouble | null;
};

const HEADINGS = ["Order", "Customer", "Service", "Details", ORDER_MONEY_HEADING, "Status"];

/** The admin orders table (admin spec, Admin orders): one row per order with its status form. */
export function OrdersTable({
  orders,
  empty = ADMIN_ORDER_TEXT.noOrders,
  selectForm,
}: {
  orders: AdminOrderView[];
  empty?: string;
  /** The bulk form the rows' checkboxes belong to (product rules 14.33); no checkboxes without it. */
  selectForm?: string;
}) {
  return (
    <AdminTable headings={selectForm ? ["Select", ...HEADINGS] : HEADINGS} items={orders} empty={empty}>
      {(order) => (
        <tr key={order.id} data-testid="admin-order-row" className="align-top">
          {selectForm ? (
            <td className="px-4 py-3">
              <RowCheckbox formId={selectForm} id={order.id} label={order.orderNumber} />
            </td>
          ) : null}
          <td className="px-4 py-3">
            <div className="font-medium text-slate-900">{order.orderNumber || "No order number"}</div>
            <div className="text-slate-500">{formatDateTime(order.createdAt)}</div>
          </td>
          <td className="px-4 py-3">
            {order.customerEmail ? (
              <>
                <div>
                  <AddressText text={order.customerEmail} />
                </div>
                <Link to={`/admin/users/${order.userId}`} className="text-brand-700 hover:underline">
                  View Details
                </Link>
              </>
            ) : (
              "Unknown"
            )}
          </td>
          <td className="px-4 py-3">
            {order.serviceName ? (
              <>
                <div>{order.serviceName}</div>
                <div className="text-slate-500">
                  {order.platform ? formatPlatformName(order.platform) : null}
                </div>
              </>
            ) : (
              "Unknown"
            )}
          </td>
          <td className="max-w-xs px-4 py-3">
            <div>Quantity: {formatCount(order.quantity)}</div>
            {order.runs && order.intervalMinutes ? (
              <div data-testid="admin-order-drip-feed">
                Drip-feed: {order.runs} runs of {formatCount(order.quantity / order.runs)}, every{" "}
                {formatCount(order.intervalMinutes)} min
              </div>
            ) : null}
            <div>Total: {formatCents(order.totalCents)}</div>
            {order.comments ? (
              <details className="mt-1 text-xs text-slate-600">
                <summary>Comments</summary>
                <pre className="whitespace-pre-wrap break-all font-sans">{order.comments}</pre>
              </details>
            ) : null}
            {order.lines.length > 0 ? (
              <ul className="mt-1 space-y-0.5 text-xs text-slate-600" aria-label="Breakdown">
                {order.lines.map((line) => (
                  <li key={`${line.service_type}-${line.quantity}-${line.total_cents}`}>
                    {lineLabel(line.service_type)}: {formatCount(line.quantity)} ·{" "}
                    {formatCents(line.total_cents)}
                  </li>
                ))}
              </ul>
            ) : null}
            <a
              href={order.targetLink}
              target="_blank"
              rel="noopener noreferrer"
              className="mt-1 block text-brand-700 hover:underline"
            >
              <AddressText text={order.targetLink} />
            </a>
          </td>
          <td className="px-4 py-3">
            <OrderMoneyLines totalCents={order.totalCents} money={order.money} />
          </td>
          <td className="space-y-2 px-4 py-3">
            <StatusBadge status={order.status} />
            {order.trouble ? <PartTroubleNote trouble={order.trouble} /> : null}
            <OrderStatusForm order={{ ...order, label: order.orderNumber || order.id.slice(0, 8) }} />
          </td>
        </tr>
      )}
    </AdminTable>
  );
}

/**
 * Why an order's submission waits, on its admin row (product rules 14.11): "Retrying: <the provider's reason>,
 * next attempt 14:32 UTC (attempt 3 of 6)", or held for the operator with its refund deadline.
 */
function PartTroubleNote({ trouble }: { trouble: PartTrouble }) {
  if (trouble.kind === "retrying")
    return (
      <p className="max-w-56 break-words text-xs font-medium text-amber-800" data-testid="order-trouble">
        {PROVIDER_TEXT.retrying(
          trouble.reason,
          formatTimeOfDay(trouble.nextAttemptAt),
          trouble.attempt,
          trouble.of,
        )}
      </p>
    );
  return (
    <p className="max-w-56 break-words text-xs font-medium text-red-700" data-testid="order-trouble">
      Held: {trouble.reason || "waiting for an admin"}.{" "}
      {trouble.refundDueAt
        ? `${PROVIDER_TEXT.heldUntil(`${formatDateTime(trouble.refundDueAt)} UTC`)}; `
        : ""}
      see Needs manual work.
    </p>
  );
}
