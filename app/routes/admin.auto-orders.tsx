import { Link, useLocation } from "react-router";
import { z } from "zod";
import { AutoOrdersTable } from "../components/admin/auto-orders-table.tsx";
import { ListFilters, ListPagination } from "../components/admin/list-controls.tsx";
import { buttonClass } from "../components/ui/button.tsx";
import { Card } from "../components/ui/card.tsx";
import { db } from "../db/client.server.ts";
import { changeAutoOrderFromForm } from "../domain/admin/change-auto-order-from-form.server.ts";
import { readAdminAutoOrdersPage } from "../domain/admin/list-auto-orders.server.ts";
import {
  ADMIN_AUTO_ORDER_STATUSES,
  ADMIN_AUTO_ORDER_TEXT,
} from "../domain/auto-orders/admin-change-messages.ts";
import { pageMeta } from "../lib/seo.ts";
import { requireAdmin } from "../lib/session.server.ts";
import type { Route } from "./+types/admin.auto-orders";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Auto Orders",
    description: "Every auto order of the shop, with its customer, progress and status.",
    path: "/admin/auto-orders",
    noindex: true,
    matches,
  });

// Anything unexpected falls back to the first page of all auto orders.
const listQuery = z.object({
  status: z.enum(ADMIN_AUTO_ORDER_STATUSES).optional().catch(undefined),
  q: z.string().trim().max(200).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(100_000).optional().catch(undefined),
});

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const query = listQuery.parse(Object.fromEntries(new URL(request.url).searchParams));
  const result = await readAdminAutoOrdersPage(db(), query);
  return {
    ...result,
    status: query.status ?? null,
    q: query.q ?? "",
    autoOrders: result.autoOrders.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
  };
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const form = Object.fromEntries(await request.formData());
  return changeAutoOrderFromForm(db(), { adminId: admin.id, form });
}

const LABELS = { active: "Active", paused: "Paused", completed: "Completed", cancelled: "Cancelled" };

export default function AdminAutoOrdersPage({ loaderData }: Route.ComponentProps) {
  const { status, q, counts } = loaderData;
  const location = useLocation();
  const filters = [
    { value: null, label: "All", count: counts.all },
    ...ADMIN_AUTO_ORDER_STATUSES.map((value) => ({ value, label: LABELS[value], count: counts[value] })),
  ];
  return (
    <main className="mx-auto max-w-7xl px-4 py-8">
      <div className="flex items-center justify-between gap-4">
        <h1 className="text-3xl font-bold text-slate-900">Auto Orders</h1>
        <Link to={`${location.pathname}${location.search}`} className={buttonClass("secondary")}>
          Refresh
        </Link>
      </div>
      <ListFilters
        path="/admin/auto-orders"
        noun="auto orders"
        filters={filters}
        status={status}
        q={q}
        searchLabel="Search by customer e-mail or Instagram username"
        searchPlaceholder="E-mail or username"
      />
      <Card className="mt-6 overflow-x-auto p-0">
        <AutoOrdersTable autoOrders={loaderData.autoOrders} empty={ADMIN_AUTO_ORDER_TEXT.noAutoOrders} />
      </Card>
      <ListPagination
        path="/admin/auto-orders"
        noun="auto orders"
        page={loaderData.page}
        pageCount={loaderData.pageCount}
        total={loaderData.total}
        status={status}
        q={q}
      />
    </main>
  );
}
