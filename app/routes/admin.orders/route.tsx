import { BulkBar } from "../../components/admin/bulk-bar.tsx";
import { FilteredListPage, statusFilters } from "../../components/admin/filtered-list-page.tsx";
import { OrdersTable } from "../../components/admin/orders-table.tsx";
import { useAnswerToast } from "../../components/admin/use-answer-toast.ts";
import { useStaffCan } from "../../components/admin/use-staff-can.ts";
import { Card } from "../../components/ui/card.tsx";
import { requireAdmin, requireStaff } from "../../domain/accounts/session.server.ts";
import { isBulkStep } from "../../domain/bulk-change.ts";
import { readListQuery } from "../../domain/lists/read-list.server.ts";
import {
  BULK_ORDER_ACTIONS,
  BULK_ORDER_VERBS,
  bulkOrderForm,
  ORDER_NOUN,
} from "../../domain/orders/bulk-order-actions.ts";
import { statusChangeForm } from "../../domain/orders/change-order-status-by-admin.server.ts";
import { readAdminOrdersPage } from "../../domain/orders/list-orders-for-admin.server.ts";
import { ADMIN_ORDER_STATUSES, ORDER_STATUS_LABELS } from "../../domain/orders/order-status-labels.ts";
import { shopDatabase } from "../../lib/database-context.server.ts";
import { readFormWithLists } from "../../lib/form-body.server.ts";
import { pageMeta } from "../../lib/seo.ts";
import { listUrlOf } from "../shared/bulk-form.server.ts";
import { changeOrderStatusFromForm } from "../shared/order-status-form.server.ts";
import type { Route } from "./+types/route";
import { answerBulkOrdersForm } from "./bulk-orders-from-form.server.ts";

/** The id of the bulk form the rows' checkboxes belong to. */
const BULK_ORDERS_FORM = "bulk-orders";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Orders Management",
    description: "Every order of the shop, with its customer, service and status.",
    path: "/admin/orders",
    noindex: true,
    matches,
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, "orders.view");
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
  const { ids, ...form } = await readFormWithLists(request, [statusChangeForm, bulkOrderForm], ["ids"]);
  const db = shopDatabase(context);
  if (isBulkStep(form.intent))
    return answerBulkOrdersForm(db, {
      adminId: admin.id,
      form: { ...form, ids },
      listUrl: listUrlOf(request),
    });
  return changeOrderStatusFromForm(db, { adminId: admin.id, form });
}

export default function AdminOrdersPage({ loaderData, actionData }: Route.ComponentProps) {
  const preview = (actionData && "preview" in actionData ? actionData.preview : null) ?? null;
  useAnswerToast(actionData && "notice" in actionData && !("preview" in actionData) ? actionData : null);
  const refused = actionData && "bulk" in actionData && "notice" in actionData ? actionData.notice : null;
  // Support reads orders; changing them is for those who manage orders (product rules 15.38).
  const mayChange = useStaffCan("orders.manage");
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
      exportFile="orders"
      filters={filters}
      search={{
        label: "Search by order number, link, customer e-mail or provider order id",
        placeholder: "Number, link, e-mail or provider id",
      }}
      list={loaderData}
    >
      {mayChange ? (
        <BulkBar
          formId={BULK_ORDERS_FORM}
          noun={ORDER_NOUN}
          actions={BULK_ORDER_ACTIONS.map((value) => ({ value, label: BULK_ORDER_VERBS[value].menu }))}
          preview={preview}
          refused={refused}
        />
      ) : null}
      <Card className="mt-6 p-0 sm:overflow-x-auto">
        <OrdersTable orders={loaderData.orders} selectForm={mayChange ? BULK_ORDERS_FORM : undefined} />
      </Card>
    </FilteredListPage>
  );
}
