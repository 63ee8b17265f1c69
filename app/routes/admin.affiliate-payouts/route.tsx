import { data } from "react-router";
import { can } from "../../domain/accounts/permissions.ts";
import { requireStaff } from "../../domain/accounts/session.server.ts";
import { listPayoutsForAdmin } from "../../domain/affiliates/list-payouts-for-admin.server.ts";
import { payoutDecisionForm } from "../../domain/affiliates/payout-decision-form.ts";
import { shopDatabase } from "../../lib/database-context.server.ts";
import { readForm } from "../../lib/form-body.server.ts";
import { pageMeta } from "../../lib/seo.ts";
import {
  codeNeeded,
  codeRefusedAnswer,
  confirmSensitiveForm,
  SECOND_FACTOR_CODE_FIELD,
} from "../shared/sensitive-change.server.ts";
import type { Route } from "./+types/route";
import { decidePayoutFromForm } from "./decide-payout-from-form.server.ts";
import { AnsweredPayouts, OpenPayouts } from "./payout-tables.tsx";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Affiliate Payouts - Admin",
    description:
      "Affiliates' payout requests: pay into the shop wallet, record a payment made elsewhere, or reject.",
    path: "/admin/affiliate-payouts",
    noindex: true,
    matches,
  });

// The admin layout's middleware has already checked the permission this path declares (users.view to read).
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff(request, "users.view");
  const { open, answered } = await listPayoutsForAdmin(shopDatabase(context));
  const dated = <Row extends { requestedAt: Date; decidedAt: Date | null }>(row: Row) => ({
    ...row,
    requestedAt: row.requestedAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
  });
  return {
    open: open.map(dated),
    answered: answered.map(dated),
    codeNeeded: can(staff.staffRole, "users.manage") && (await codeNeeded(shopDatabase(context), staff)),
  };
}

/**
 * Pay into the wallet (intent=pay-wallet), paid elsewhere (intent=pay-elsewhere, with a reference) or reject
 * (intent=reject, with a reason), through decidePayout, which audits each. A payment is money moved by hand, so
 * it asks for a recent second-factor code (product rules 15.35); a rejection moves nothing.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireStaff(request, "users.manage");
  const form = await readForm(request, [payoutDecisionForm, SECOND_FACTOR_CODE_FIELD]);
  let fields: Record<string, unknown> = form;
  if (form.intent === "pay-wallet" || form.intent === "pay-elsewhere") {
    const confirmed = await confirmSensitiveForm(shopDatabase(context), request, admin, form);
    if (confirmed.refused) return codeRefusedAnswer(confirmed.refused);
    fields = confirmed.fields;
  }
  return data(await decidePayoutFromForm(shopDatabase(context), { adminId: admin.id, form: fields }));
}

export default function AdminPayoutsPage({ loaderData }: Route.ComponentProps) {
  return (
    <main className="mx-auto max-w-7xl px-4 py-8">
      <h1 className="text-3xl font-bold text-slate-900">Affiliate Payouts</h1>
      <p className="mt-1 max-w-3xl text-slate-600">
        Affiliates ask for their whole commission balance. Pay it into their shop wallet, record a payment
        made elsewhere with its reference, or reject it with a reason; each answer is audited.
      </p>
      <OpenPayouts payouts={loaderData.open} codeNeeded={loaderData.codeNeeded} />
      <AnsweredPayouts payouts={loaderData.answered} />
    </main>
  );
}
