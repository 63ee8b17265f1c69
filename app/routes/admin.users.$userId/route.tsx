import { data, Link } from "react-router";
import { AddressText } from "../../components/ui/address-text.tsx";
import { buttonClass } from "../../components/ui/button.tsx";
import { USER_ADMIN_TEXT } from "../../domain/accounts/messages.ts";
import { readUserPage } from "../../domain/accounts/read-user-for-admin.server.ts";
import { requireAdmin, requireStaff } from "../../domain/accounts/session.server.ts";
import { statusChangeForm } from "../../domain/orders/change-order-status-by-admin.server.ts";
import { adjustmentForm } from "../../domain/wallet/adjustment-form.ts";
import { shopDatabase } from "../../lib/database-context.server.ts";
import { readForm } from "../../lib/form-body.server.ts";
import { pageMeta } from "../../lib/seo.ts";
import { changeOrderStatusFromForm } from "../shared/order-status-form.server.ts";
import type { Route } from "./+types/route";
import { adjustBalanceFromForm } from "./adjust-balance-from-form.server.ts";
import { BalanceAdjustmentForm } from "./balance-adjustment-form.tsx";
import { UserSummaryCards, UserTabs } from "./user-detail.tsx";

export const meta: Route.MetaFunction = ({ loaderData, params, matches }) =>
  pageMeta({
    title: `${loaderData?.page ? loaderData.page.user.email : USER_ADMIN_TEXT.userNotFound} | Admin`,
    description: "A customer's balance, orders and transactions.",
    path: `/admin/users/${params.userId}`,
    noindex: true,
    matches,
  });

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireStaff(request, "users.view");
  const page = await readUserPage(shopDatabase(context), params.userId);
  if (!page) return data({ page: null }, { status: 404 });
  return {
    page: {
      user: { ...page.user, createdAt: page.user.createdAt.toISOString() },
      totals: page.totals,
      orders: page.orders.map((order) => ({ ...order, createdAt: order.createdAt.toISOString() })),
      transactions: page.transactions.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
    },
  };
}

/**
 * The same status form as the orders list (intent=set-status, through setOrderStatus), and the wallet's credit or
 * debit (intent=adjust-balance, through adjustBalance).
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const form = await readForm(request, [statusChangeForm, adjustmentForm]);
  if (form.intent === "adjust-balance")
    return adjustBalanceFromForm(shopDatabase(context), { adminId: admin.id, userId: params.userId, form });
  return changeOrderStatusFromForm(shopDatabase(context), { adminId: admin.id, form });
}

export default function AdminUserPage({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  if (!page) {
    return (
      <main className="mx-auto max-w-3xl px-4 py-16 text-center">
        <h1 className="text-2xl font-bold text-slate-900">{USER_ADMIN_TEXT.userNotFound}</h1>
        <Link to="/admin" className={buttonClass("primary", "mt-6")}>
          Back to Admin
        </Link>
      </main>
    );
  }
  const { user } = page;
  return (
    <main className="mx-auto max-w-6xl px-4 py-8">
      <Link to="/admin/users" className={buttonClass("ghost", "-ml-4")}>
        ← Back to Users
      </Link>
      <div className="mt-2 flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold text-slate-900">User Details</h1>
          <p className="mt-1 text-slate-600" data-testid="user-email">
            <AddressText text={user.email} />
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link to={`/admin/audit?subject=${user.id}`} className={buttonClass("secondary")}>
            Audit trail
          </Link>
          <Link to={`/admin/manual-order?userId=${user.id}`} className={buttonClass("primary")}>
            Create manual order
          </Link>
        </div>
      </div>
      <UserSummaryCards user={user} totals={page.totals} />
      <BalanceAdjustmentForm balanceCents={user.balanceCents} />
      <UserTabs user={user} orders={page.orders} transactions={page.transactions} />
    </main>
  );
}
