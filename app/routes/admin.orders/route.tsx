import { FilteredListPage, statusFilters } from "../../components/admin/filtered-list-page.tsx";
import { OrdersTable } from "../../components/admin/orders-table.tsx";
import { Card } from "../../components/ui/card.tsx";
import { requireAdmin } from "../../domain/accounts/session.server.ts";
import { readListQuery } from "../../domain/lists/read-list.server.ts";
import { statusChangeForm } from "../../domain/orders/change-order-status-by-admin.server.ts";
import { readAdminOrdersPage } from "../../domain/orders/list-orders-for-admin.server.ts";
import { ADMIN_ORDER_STATUSES, ORDER_STATUS_LABELS } from "../../domain/orders/order-status-labels.ts";
import { shopDatabase } from "../../lib/database-context.server.ts";
import { readForm } from "../../lib/form-body.server.ts";
import { pageMeta } from "../../lib/seo.ts";
import { changeOrderStatusFromForm } from "../shared/order-status-form.server.ts";
import type { Route } from "./+types/route";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Orders Management",
    description: "Every order of the shop, with its customer, service and status.",
    path: "/admin/orders",
    noindex: true,
    matches,
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request);
  const query = readListQuery(request, ADMIN_ORDER_STATUSES);
  const result = await readAdminOrdersPage(shopDatabase(context), query);
  return {
    ...result,
    status: query.status ?? null,
    q: query.q ?? "",
    orders: result.orders.map((order) => ({ ...order, createdAt: order.createdAt.toISOString() })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const form = await readForm(request, statusChangeForm);
  return changeOrderStatusFromForm(shopDatabase(context), { adminId: admin.id, form });
}

export default function AdminOrdersPage({ loaderData }: Route.ComponentProps) {
  const filters = statusFilters(
    ADMIN_ORDER_STATUSES,
    loaderData.counts,
    (status) => ORDER_STATUS_LABELS[status],
  );
  return (
    <FilteredListPage
      title="Orders Management"
      path="/admin/orders"
      noun="orders"
      filters={filters}
      search={{
        label: "Search by order number, link, customer e-mail or provider order id",
        placeholder: "Number, link, e-mail or provider id",
      }}
      list={loaderData}
    >
      <Card className="mt-6 overflow-x-auto p-0">
        <OrdersTable orders={loaderData.orders} />
      </Card>
    </FilteredListPage>
  );
}
