import { data, Link } from "react-router";
import { useStaffCan } from "../../components/admin/use-staff-can.ts";
import { AddressText } from "../../components/ui/address-text.tsx";
import { buttonClass } from "../../components/ui/button.tsx";
import { USER_ADMIN_TEXT } from "../../domain/accounts/messages.ts";
import { can } from "../../domain/accounts/permissions.ts";
import { readUserPage } from "../../domain/accounts/read-user-for-admin.server.ts";
import { saveAdminNotes } from "../../domain/accounts/save-admin-notes.server.ts";
import { sendPasswordResetByAdmin } from "../../domain/accounts/send-password-reset-by-admin.server.ts";
import { requireAdmin, requireStaff } from "../../domain/accounts/session.server.ts";
import {
  adminNotesForm,
  discountForm,
  passwordResetMailForm,
  suspendForm,
  unsuspendForm,
} from "../../domain/accounts/user-controls-forms.ts";
import { readReferralForAdmin } from "../../domain/affiliates/read-referral-for-admin.server.ts";
import { statusChangeForm } from "../../domain/orders/change-order-status-by-admin.server.ts";
import { readCustomerDiscount } from "../../domain/orders/customer-discount.server.ts";
import { listApiKeys } from "../../domain/reseller/api-keys.server.ts";
import { revokeApiKeyByAdmin } from "../../domain/reseller/revoke-api-key-by-admin.server.ts";
import { revokeApiKeyForm } from "../../domain/reseller/revoke-api-key-form.ts";
import { adjustmentForm } from "../../domain/wallet/adjustment-form.ts";
import { shopDatabase } from "../../lib/database-context.server.ts";
import { readForm } from "../../lib/form-body.server.ts";
import { pageMeta } from "../../lib/seo.ts";
import { changeOrderStatusFromForm } from "../shared/order-status-form.server.ts";
import {
  codeNeeded,
  codeRefusedAnswer,
  confirmSensitiveForm,
  SECOND_FACTOR_CODE_FIELD,
} from "../shared/sensitive-change.server.ts";
import type { Route } from "./+types/route";
import { adjustBalanceFromForm } from "./adjust-balance-from-form.server.ts";
import { AdminNotesCard } from "./admin-notes-card.tsx";
import { ApiKeysCard } from "./api-keys-card.tsx";
import { BalanceAdjustmentForm } from "./balance-adjustment-form.tsx";
import { DiscountCard } from "./discount-card.tsx";
import { PasswordResetButton } from "./password-reset-button.tsx";
import { ReferralCard } from "./referral-card.tsx";
import { SuspensionCard } from "./suspension-card.tsx";
import { answerChange, discountFromForm, suspendFromForm } from "./user-controls-from-form.server.ts";
import { UserSummaryCards, UserTabs } from "./user-detail.tsx";
import { ViewAsButton } from "./view-as-button.tsx";

export const meta: Route.MetaFunction = ({ loaderData, params, matches }) =>
  pageMeta({
    title: `${loaderData?.page ? loaderData.page.user.email : USER_ADMIN_TEXT.userNotFound} | Admin`,
    description: "A customer's balance, orders and transactions.",
    path: `/admin/users/${params.userId}`,
    noindex: true,
    matches,
  });

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const staff = await requireStaff(request, "users.view");
  const page = await readUserPage(shopDatabase(context), params.userId);
  if (!page) return data({ page: null }, { status: 404 });
  const [apiKeys, discountTenths, referral] = await Promise.all([
    listApiKeys(shopDatabase(context), page.user.id),
    readCustomerDiscount(shopDatabase(context), page.user.id),
    readReferralForAdmin(shopDatabase(context), page.user.id),
  ]);
  return {
    page: {
      user: { ...page.user, createdAt: page.user.createdAt.toISOString() },
      totals: page.totals,
      orders: page.orders.map((order) => ({ ...order, createdAt: order.createdAt.toISOString() })),
      transactions: page.transactions.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
      apiKeys: apiKeys.map((key) => ({
        ...key,
        createdAt: key.createdAt.toISOString(),
        lastUsedAt: key.lastUsedAt?.toISOString() ?? null,
      })),
      lastSignIn: page.lastSignIn
        ? { signedInAt: page.lastSignIn.signedInAt.toISOString(), ipAddress: page.lastSignIn.ipAddress }
        : null,
      adminNotes: page.adminNotes,
      discountTenths,
      referral,
      suspension: page.suspension
        ? { reason: page.suspension.reason, suspendedAt: page.suspension.suspendedAt.toISOString() }
        : null,
    },
    codeNeeded: can(staff.staffRole, "users.manage") && (await codeNeeded(shopDatabase(context), staff)),
  };
}

/**
 * The same status form as the orders list (intent=set-status, through setOrderStatus), and the wallet's credit or
 * debit (intent=adjust-balance, through adjustBalance), Suspend or Unsuspend (intent=suspend|unsuspend)
 * Send password reset (intent=send-password-reset), Revoke beside an API key (intent=revoke-api-key)
 * the admin notes (intent=save-notes) and the customer's discount (intent=set-discount).
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const form = await readForm(request, [
    statusChangeForm,
    adjustmentForm,
    suspendForm,
    unsuspendForm,
    passwordResetMailForm,
    revokeApiKeyForm,
    adminNotesForm,
    SECOND_FACTOR_CODE_FIELD,
    discountForm,
  ]);
  if (form.intent === "set-discount")
    return discountFromForm(shopDatabase(context), { adminId: admin.id, userId: params.userId, form });
  if (form.intent === "save-notes")
    return answerChange(
      await saveAdminNotes(shopDatabase(context), {
        adminId: admin.id,
        userId: params.userId,
        notes: String(form.notes ?? ""),
      }),
    );
  if (form.intent === "revoke-api-key")
    return answerChange(
      await revokeApiKeyByAdmin(shopDatabase(context), {
        adminId: admin.id,
        userId: params.userId,
        keyId: String(form.keyId),
      }),
    );
  if (form.intent === "send-password-reset")
    return answerChange(
      await sendPasswordResetByAdmin(shopDatabase(context), { adminId: admin.id, userId: params.userId }),
    );
  if (form.intent === "suspend" || form.intent === "unsuspend")
    return suspendFromForm(shopDatabase(context), { adminId: admin.id, userId: params.userId, form });
  if (form.intent === "adjust-balance") {
    // A balance moved by hand asks for a recent code (product rules 15.35).
    const { refused, fields } = await confirmSensitiveForm(shopDatabase(context), request, admin, form);
    if (refused) return codeRefusedAnswer(refused);
    return adjustBalanceFromForm(shopDatabase(context), {
      adminId: admin.id,
      userId: params.userId,
      form: fields,
    });
  }
  return changeOrderStatusFromForm(shopDatabase(context), { adminId: admin.id, form });
}

type UserPageData = NonNullable<Route.ComponentProps["loaderData"]["page"]>;

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
  return <UserPage page={page} codeNeeded={loaderData.codeNeeded ?? false} />;
}

/** The page of a user found, with the controls the staff member's role may use (product rules 15.38). */
function UserPage({ page, codeNeeded }: { page: UserPageData; codeNeeded: boolean }) {
  const { user } = page;
  const mayManage = useStaffCan("users.manage");
  const mayOrder = useStaffCan("orders.manage");
  const mayAudit = useStaffCan("reports.view");
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
          <ViewAsButton customerId={user.id} />
          {mayManage ? <PasswordResetButton /> : null}
          {mayAudit ? (
            <Link to={`/admin/audit?subject=${user.id}`} className={buttonClass("secondary")}>
              Audit trail
            </Link>
          ) : null}
          {mayOrder ? (
            <Link to={`/admin/manual-order?userId=${user.id}`} className={buttonClass("primary")}>
              Create manual order
            </Link>
          ) : null}
        </div>
      </div>
      <UserSummaryCards user={user} totals={page.totals} />
      <SuspensionCard suspension={page.suspension} />
      {mayManage ? <BalanceAdjustmentForm balanceCents={user.balanceCents} codeNeeded={codeNeeded} /> : null}
      <ApiKeysCard keys={page.apiKeys} />
      <DiscountCard discountTenths={page.discountTenths} />
      <AdminNotesCard notes={page.adminNotes} />
      <ReferralCard referral={page.referral} />
      <UserTabs
        user={user}
        orders={page.orders}
        transactions={page.transactions}
        lastSignIn={page.lastSignIn}
      />
    </main>
  );
}
