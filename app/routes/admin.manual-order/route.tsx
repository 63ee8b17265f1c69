import { randomUUID } from "node:crypto";
import { data } from "react-router";
import { Card } from "../../components/ui/card.tsx";
import { searchUsersForAdmin } from "../../domain/accounts/list-users-for-admin.server.ts";
import { requireAdmin } from "../../domain/accounts/session.server.ts";
import { manualOrderForm } from "../../domain/admin/create-manual-order.server.ts";
import { MANUAL_ORDER_TEXT } from "../../domain/admin/manual-order-messages.ts";
import { listServicesForManualOrder } from "../../domain/catalog/list-services-for-admin.server.ts";
import { refusalAnswer } from "../../domain/refusal-answer.server.ts";
import { shopDatabase } from "../../lib/database-context.server.ts";
import { readForm } from "../../lib/form-body.server.ts";
import { formatCents } from "../../lib/format-money.ts";
import { pageMeta } from "../../lib/seo.ts";
import { redirectWithToast } from "../../lib/toast.server.ts";
import type { Route } from "./+types/route";
import { createManualOrderFromForm } from "./create-manual-order-from-form.server.ts";
import { ManualOrderForm, UserSearch } from "./manual-order-form.tsx";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Create Manual Order",
    description: "Place an order for a customer, paid from their wallet.",
    path: "/admin/manual-order",
    noindex: true,
    matches,
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request);
  const params = new URL(request.url).searchParams;
  const q = (params.get("q") ?? "").trim().slice(0, 200);
  const preselected = params.get("userId");
  const [users, services] = await Promise.all([
    searchUsersForAdmin(shopDatabase(context), { q, preselectedId: preselected }),
    listServicesForManualOrder(shopDatabase(context)),
  ]);
  const preselectedId = users.some((user) => user.id === preselected) ? preselected : null;
  // A fresh token per form: submitting it twice places one order (product rules 1.4).
  return { q, preselectedId, users, services, idempotencyKey: randomUUID() };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const form = await readForm(request, manualOrderForm);
  const result = await createManualOrderFromForm(shopDatabase(context), { adminId: admin.id, form });
  if (!result.ok) {
    const answer = refusalAnswer(result);
    return data(
      { notice: { title: answer.title ?? "", message: answer.message }, field: answer.field ?? null },
      answer.init,
    );
  }
  if (result.kind === "auto") {
    return redirectWithToast("/admin/orders", {
      title: MANUAL_ORDER_TEXT.autoOrderCreated,
      description: `${result.remainingPosts}/${result.totalPosts} posts remaining, ${formatCents(result.totalCents)} charged`,
    });
  }
  return redirectWithToast("/admin/orders", {
    title: MANUAL_ORDER_TEXT.orderCreated,
    description: `Order ${result.orderNumber} (${formatCents(result.totalCents)})`,
  });
}

export default function AdminManualOrderPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <main className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="text-3xl font-bold text-slate-900">Create Manual Order</h1>
      <p className="mt-2 text-slate-600">
        Place an order for a customer; its cost is charged to the customer's wallet.
      </p>
      <Card className="mt-6 space-y-6">
        <UserSearch q={loaderData.q} preselectedId={loaderData.preselectedId} />
        <ManualOrderForm
          users={loaderData.users}
          services={loaderData.services}
          preselectedId={loaderData.preselectedId}
          idempotencyKey={loaderData.idempotencyKey}
          notice={actionData?.notice ?? null}
          noticeField={actionData?.field ?? null}
        />
      </Card>
    </main>
  );
}
