import { useState } from "react";
import { AdminTable } from "../../components/admin/admin-table.tsx";
import { formatDate, formatDateTime } from "../../components/admin/format.ts";
import { ExportLink } from "../../components/admin/list-controls.tsx";
import { ORDER_MONEY_HEADING, OrderMoneyLines } from "../../components/admin/order-money.tsx";
import { OrderStatusForm } from "../../components/admin/order-status-form.tsx";
import { StatusBadge } from "../../components/dashboard/status-badge.tsx";
import { Card } from "../../components/ui/card.tsx";
import { formatServiceName } from "../../domain/catalog/product-name.ts";
import { ADMIN_ORDER_TEXT } from "../../domain/orders/admin-order-messages.ts";
import type { OrderMoney } from "../../domain/orders/order-money.server.ts";
import type { AdminOrderStatus } from "../../domain/orders/order-status-labels.ts";
import { formatCents, formatCount } from "../../lib/format-money.ts";

export type UserView = { id: string; email: string; balanceCents: number; createdAt: string };
export type UserTotalsView = { totalOrders: number; totalSpentCents: number; totalDepositedCents: number };
export type UserOrderView = {
  id: string;
  orderNumber: string;
  serviceName: string | null;
  quantity: number;
  totalCents: number;
  status: AdminOrderStatus;
  remains: number | null;
  withProvider: string | null;
  cancelState: "requested" | "refused" | null;
  money: OrderMoney;
};
export type UserTransactionView = {
  id: string;
  createdAt: string;
  type: string;
  amountCents: number;
  paymentMethod: string | null;
  status: string;
  paymentGatewayId: string | null;
  note: string | null;
};

/** The four summary cards of the admin user page. */
export function UserSummaryCards({ user, totals }: { user: UserView; totals: UserTotalsView }) {
  const cards = [
    { label: "Current Balance", value: formatCents(user.balanceCents), testId: "user-balance" },
    { label: "Total Orders", value: formatCount(totals.totalOrders), testId: "user-total-orders" },
    { label: "Total Spent", value: formatCents(totals.totalSpentCents), testId: "user-total-spent" },
    {
      label: "Total Deposited",
      value: formatCents(totals.totalDepositedCents),
      testId: "user-total-deposited",
    },
  ];
  return (
    <div className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {cards.map((card) => (
        <Card key={card.label}>
          <h2 className="text-sm font-medium text-slate-600">{card.label}</h2>
          <p className="mt-2 text-2xl font-bold text-slate-900" data-testid={card.testId}>
            {card.value}
          </p>
        </Card>
      ))}
    </div>
  );
}

const TABS = [
  { id: "orders", label: "Orders" },
  { id: "transactions", label: "Transactions" },
  { id: "account", label: "Account Info" },
] as const;
type TabId = (typeof TABS)[number]["id"];

const td = "px-4 py-3";
const ORDER_HEADINGS = ["Order", "Service", "Quantity", "Cost", ORDER_MONEY_HEADING, "Status"];
const TRANSACTION_HEADINGS = ["Date", "Type", "Amount", "Method", "Status", "Gateway ID", "Note"];

/** Orders, Transactions and Account Info tabs of the admin user page. */
export function UserTabs({
  user,
  orders,
  transactions,
}: {
  user: UserView;
  orders: UserOrderView[];
  transactions: UserTransactionView[];
}) {
  const [tab, setTab] = useState<TabId>("orders");
  return (
    <div className="mt-8">
      <div role="tablist" aria-label="User details" className="flex gap-1 border-b border-slate-200">
        {TABS.map((item) => (
          <button
            key={item.id}
            type="button"
            role="tab"
            id={`user-tab-${item.id}`}
            aria-selected={tab === item.id}
            aria-controls={`user-panel-${item.id}`}
            onClick={() => setTab(item.id)}
            className={`-mb-px border-b-2 px-4 py-2 text-sm font-medium ${
              tab === item.id
                ? "border-brand-600 text-brand-700"
                : "border-transparent text-slate-600 hover:text-slate-900"
            }`}
          >
            {item.label}
          </button>
        ))}
      </div>
      <Card
        role="tabpanel"
        id={`user-panel-${tab}`}
        aria-labelledby={`user-tab-${tab}`}
        className="mt-4 p-0 sm:overflow-x-auto"
      >
        {tab === "orders" ? <UserOrders orders={orders} /> : null}
        {tab === "transactions" ? (
          <>
            <div className="flex justify-end p-3">
              <ExportLink file="transactions" filters={{ user: user.id }} />
            </div>
            <UserTransactions transactions={transactions} />
          </>
        ) : null}
        {tab === "account" ? <AccountInfo user={user} /> : null}
      </Card>
    </div>
  );
}

function UserOrders({ orders }: { orders: UserOrderView[] }) {
  return (
    <AdminTable headings={ORDER_HEADINGS} items={orders} empty={ADMIN_ORDER_TEXT.noOrders}>
      {(order) => {
        const label = order.orderNumber || `#${order.id.slice(0, 8)}`;
        return (
          <tr key={order.id} data-testid="user-order-row" className="align-top">
            <td className={`${td} font-medium text-slate-900`}>{label}</td>
            <td className={td}>{order.serviceName ? formatServiceName(order.serviceName) : "Unknown"}</td>
            <td className={td}>{formatCount(order.quantity)}</td>
            <td className={td}>{formatCents(order.totalCents)}</td>
            <td className={td}>
              <OrderMoneyLines totalCents={order.totalCents} money={order.money} />
            </td>
            <td className={`${td} space-y-2`}>
              <StatusBadge status={order.status} />
              <OrderStatusForm order={{ ...order, label }} />
            </td>
          </tr>
        );
      }}
    </AdminTable>
  );
}

function UserTransactions({ transactions }: { transactions: UserTransactionView[] }) {
  return (
    <AdminTable headings={TRANSACTION_HEADINGS} items={transactions} empty="No transactions yet">
      {(row) => (
        <tr key={row.id} data-testid="user-transaction-row">
          <td className={td}>{formatDateTime(row.createdAt)}</td>
          <td className={`${td} capitalize`}>{row.type}</td>
          <td className={`${td} ${row.amountCents < 0 ? "text-red-700" : "text-emerald-700"}`}>
            {formatCents(row.amountCents)}
          </td>
          <td className={td}>{row.paymentMethod || "N/A"}</td>
          <td className={`${td} capitalize`}>{row.status}</td>
          <td className={`${td} font-mono text-xs`} title={row.paymentGatewayId ?? undefined}>
            {row.paymentGatewayId ? row.paymentGatewayId.slice(0, 20) : "N/A"}
          </td>
          <td className={`${td} max-w-xs break-words`}>{row.note ?? ""}</td>
        </tr>
      )}
    </AdminTable>
  );
}

function AccountInfo({ user }: { user: UserView }) {
  const rows = [
    { label: "User ID", value: user.id, mono: true },
    { label: "Email", value: user.email, mono: false },
    { label: "Account Created", value: formatDate(user.createdAt), mono: false },
    { label: "Balance", value: formatCents(user.balanceCents), mono: false },
  ];
  return (
    <dl className="grid gap-4 p-6 text-sm sm:grid-cols-2">
      {rows.map((row) => (
        <div key={row.label}>
          <dt className="text-slate-500">{row.label}</dt>
          <dd className={row.mono ? "font-mono text-xs text-slate-900" : "text-slate-900"}>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}
