import { data } from "react-router";
import { can } from "../../domain/accounts/permissions.ts";
import { requireAdmin, requireStaff } from "../../domain/accounts/session.server.ts";
import { UNKNOWN_FIELD_TEXT } from "../../domain/admin-form.ts";
import { listManualClaims } from "../../domain/payments/list-manual-claims.server.ts";
import { listManualMethods } from "../../domain/payments/list-manual-methods.server.ts";
import {
  approveClaimForm,
  manualMethodForm,
  rejectClaimForm,
} from "../../domain/payments/manual-deposit-forms.ts";
import { MANUAL_CLAIM_ADMIN_TEXT } from "../../domain/payments/manual-deposit-text.ts";
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
import { ClaimsList } from "./claims-list.tsx";
import { decideClaimFromForm, saveMethodFromForm } from "./manual-deposit-forms.server.ts";
import { MethodsCard } from "./methods-card.tsx";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Manual Deposits | Admin",
    description:
      "Customers' claims of bank transfers and other manual payments, and the methods they may use.",
    path: "/admin/payments/manual",
    noindex: true,
    matches,
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff(request, "users.view");
  const db = shopDatabase(context);
  const [claims, methods] = await Promise.all([
    listManualClaims(db),
    listManualMethods(db, { enabledOnly: false }),
  ]);
  return {
    claims: claims.map((claim) => ({ ...claim, claimedAt: claim.claimedAt.toISOString() })),
    methods,
    codeNeeded: can(staff.staffRole, "users.manage") && (await codeNeeded(db, staff)),
  };
}

/**
 * Approve a claim (intent=approve-claim: money moved by hand, so a fresh code first, product rules 15.35), reject
 * it with a reason (intent=reject-claim), or save a method (intent=save-method).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const db = shopDatabase(context);
  const form = await readForm(request, [
    approveClaimForm,
    rejectClaimForm,
    manualMethodForm,
    SECOND_FACTOR_CODE_FIELD,
  ]);
  if (form.intent === "save-method") return saveMethodFromForm(db, { adminId: admin.id, form });
  if (form.intent === "approve-claim") {
    const { refused, fields } = await confirmSensitiveForm(db, request, admin, form);
    if (refused) return codeRefusedAnswer(refused);
    return decideClaimFromForm(db, { adminId: admin.id, form: fields });
  }
  if (form.intent === "reject-claim") return decideClaimFromForm(db, { adminId: admin.id, form });
  return data(
    { ok: false, notice: { title: MANUAL_CLAIM_ADMIN_TEXT.refusedTitle, message: UNKNOWN_FIELD_TEXT } },
    400,
  );
}

export default function ManualDepositsPage({ loaderData }: Route.ComponentProps) {
  return (
    <main className="mx-auto max-w-7xl px-4 py-8">
      <h1 className="text-3xl font-bold text-slate-900">Manual Deposits</h1>
      <p className="mt-1 max-w-3xl text-slate-600">
        Customers who paid by bank transfer or another method you describe claim it on their wallet. Check the
        payment arrived with their reference, then approve it (the wallet is credited and the customer gets
        the receipt) or reject it with a reason they read.
      </p>
      <ClaimsList claims={loaderData.claims} codeNeeded={loaderData.codeNeeded} />
      <MethodsCard methods={loaderData.methods} />
    </main>
  );
}
