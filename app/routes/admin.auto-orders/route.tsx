import { FilteredListPage, statusFilters } from "../../components/admin/filtered-list-page.tsx";
import { Card } from "../../components/ui/card.tsx";
import { requireAdmin, requireStaff } from "../../domain/accounts/session.server.ts";
import {
  ADMIN_AUTO_ORDER_STATUSES,
  ADMIN_AUTO_ORDER_TEXT,
} from "../../domain/auto-orders/admin-change-messages.ts";
import { autoOrderChangeForms } from "../../domain/auto-orders/change-auto-order-by-admin.server.ts";
import { readAdminAutoOrdersPage } from "../../domain/auto-orders/list-auto-orders-for-admin.server.ts";
import { readListQuery } from "../../domain/lists/read-list.server.ts";
import { shopDatabase } from "../../lib/database-context.server.ts";
import { readForm } from "../../lib/form-body.server.ts";
import { pageMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/route";
import { AUTO_ORDER_STATUS_LABELS, AutoOrdersTable } from "./auto-orders-table.tsx";
import { changeAutoOrderFromForm } from "./change-auto-order-from-form.server.ts";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Auto Orders",
    description: "Every auto order of the shop, with its customer, progress and status.",
    path: "/admin/auto-orders",
    noindex: true,
    matches,
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, "orders.view");
  const query = readListQuery(request, ADMIN_AUTO_ORDER_STATUSES);
  const result = await readAdminAutoOrdersPage(shopDatabase(context), query);
  return {
    ...result,
    status: query.status ?? null,
    q: query.q ?? "",
    autoOrders: result.autoOrders.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const form = await readForm(request, autoOrderChangeForms);
  return changeAutoOrderFromForm(shopDatabase(context), { adminId: admin.id, form });
}

export default function AdminAutoOrdersPage({ loaderData }: Route.ComponentProps) {
  const filters = statusFilters(
    ADMIN_AUTO_ORDER_STATUSES,
    loaderData.counts,
    (status) => AUTO_ORDER_STATUS_LABELS[status],
  );
  return (
    <FilteredListPage
      title="Auto Orders"
      path="/admin/auto-orders"
      noun="auto orders"
      filters={filters}
      search={{ label: "Search by customer e-mail or Instagram username", placeholder: "E-mail or username" }}
      list={loaderData}
    >
      <Card className="mt-6 p-0 sm:overflow-x-auto">
        <AutoOrdersTable autoOrders={loaderData.autoOrders} empty={ADMIN_AUTO_ORDER_TEXT.noAutoOrders} />
      </Card>
    </FilteredListPage>
  );
}
