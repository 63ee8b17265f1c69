import { z } from "zod";
import { ListPagination } from "../../components/admin/list-controls.tsx";
import { requireAdmin, requireStaff } from "../../domain/accounts/session.server.ts";
import { readManualWork } from "../../domain/admin/read-manual-work.server.ts";
import { resendPartForm, resolveHeldForm } from "../../domain/fulfilment/provider-form.ts";
import { statusChangeForm } from "../../domain/orders/change-order-status-by-admin.server.ts";
import { refillDecisionForm } from "../../domain/refills/manual-refills.server.ts";
import { shopDatabase } from "../../lib/database-context.server.ts";
import { readForm } from "../../lib/form-body.server.ts";
import { pageMeta } from "../../lib/seo.ts";
import { changeOrderStatusFromForm } from "../shared/order-status-form.server.ts";
import type { Route } from "./+types/route";
import { decideHeldPartFromForm } from "./decide-held-part-from-form.server.ts";
import { decideManualRefillFromForm } from "./decide-refill-from-form.server.ts";
import { ManualWorkLists } from "./manual-work-lists.tsx";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Needs Manual Work",
    description:
      "Everything only a person can deliver: manual orders, held submissions, auto orders and refills.",
    path: "/admin/manual-work",
    noindex: true,
    matches,
  });

const pageQuery = z.coerce.number().int().min(1).max(100_000).catch(1);

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, "orders.view");
  const page = pageQuery.parse(new URL(request.url).searchParams.get("page") ?? 1);
  const work = await readManualWork(shopDatabase(context), { page });
  return {
    ...work,
    orders: work.orders.map((order) => ({ ...order, createdAt: order.createdAt.toISOString() })),
    held: work.held.map((row) => ({
      ...row,
      since: row.since.toISOString(),
      refundDueAt: row.refundDueAt?.toISOString() ?? null,
    })),
    autoOrders: work.autoOrders.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
    refills: work.refills.map((row) => ({ ...row, requestedAt: row.requestedAt.toISOString() })),
  };
}

/**
 * The orders' status forms post here, as on the orders list: an admin moves a manual order on; the refill forms
 * end a manual refill (completed or rejected); a held or failed part is resent or marked resolved.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const form = await readForm(request, [
    statusChangeForm,
    refillDecisionForm,
    resendPartForm,
    resolveHeldForm,
  ]);
  if (form.intent === "resend" || form.intent === "resolve")
    return decideHeldPartFromForm(shopDatabase(context), { adminId: admin.id, form });
  if (form.intent === "refill-decision")
    return decideManualRefillFromForm(shopDatabase(context), { adminId: admin.id, form });
  return changeOrderStatusFromForm(shopDatabase(context), { adminId: admin.id, form });
}

export default function ManualWorkPage({ loaderData }: Route.ComponentProps) {
  return (
    <main className="mx-auto max-w-7xl px-4 py-8">
      <h1 className="text-3xl font-bold text-slate-900">Needs Manual Work</h1>
      <p className="mt-1 max-w-3xl text-slate-600">
        Everything only a person can deliver, until an admin ends it: orders no provider takes, submissions
        held for a decision, auto orders whose service has no provider, and refills of orders a person
        delivered.
      </p>
      <ManualWorkLists work={loaderData} />
      <ListPagination
        path="/admin/manual-work"
        noun="orders"
        page={loaderData.page}
        pageCount={loaderData.pageCount}
        total={loaderData.ordersTotal}
        q=""
      />
    </main>
  );
}
