import { Link } from "react-router";
import { AdminTable } from "../../components/admin/admin-table.tsx";
import { StaffOnly } from "../../components/admin/staff-only.tsx";
import { formatDateTime } from "../../components/dashboard/format.ts";
import { Card } from "../../components/ui/card.tsx";
import { payoutStateText } from "../../domain/affiliates/affiliate-page-text.ts";
import { formatCents } from "../../lib/format-money.ts";
import { PayoutActions, type PayoutRow } from "./payout-actions.tsx";

function AffiliateCell({ payout }: { payout: PayoutRow }) {
  return (
    <td className="px-4 py-3 wrap-anywhere">
      <Link to={`/admin/users/${payout.affiliateId}`} className="font-medium text-brand-700 hover:underline">
        {payout.affiliateEmail}
      </Link>
    </td>
  );
}

const OPEN_HEADINGS = ["Asked", "Affiliate", "Amount", "Commission balance now", "Answer"] as const;

/** The requests waiting for an answer, first asked first (product rules 16.14). */
export function OpenPayouts({ payouts, codeNeeded }: { payouts: PayoutRow[]; codeNeeded: boolean }) {
  return (
    <section aria-labelledby="open-payouts-title" className="mt-6">
      <h2 id="open-payouts-title" className="text-xl font-semibold text-slate-900">
        Waiting for an answer ({payouts.length})
      </h2>
      <Card className="mt-3 overflow-hidden p-0">
        <AdminTable headings={OPEN_HEADINGS} items={payouts} empty="No payout requests are waiting.">
          {(payout) => (
            <tr key={payout.id} data-testid="open-payout">
              <td className="px-4 py-3 whitespace-nowrap text-slate-600">
                {formatDateTime(payout.requestedAt)}
              </td>
              <AffiliateCell payout={payout} />
              <td className="px-4 py-3 font-semibold text-slate-900">{formatCents(payout.amountCents)}</td>
              <td
                className={`px-4 py-3 ${payout.commissionBalanceCents < payout.amountCents ? "font-semibold text-red-700" : "text-slate-700"}`}
              >
                {formatCents(payout.commissionBalanceCents)}
                {payout.commissionBalanceCents < payout.amountCents
                  ? " (a refund took some back: reject)"
                  : ""}
              </td>
              <td className="px-4 py-3">
                <StaffOnly permission="users.manage">
                  <PayoutActions payout={payout} codeNeeded={codeNeeded} />
                </StaffOnly>
              </td>
            </tr>
          )}
        </AdminTable>
      </Card>
    </section>
  );
}

const ANSWERED_HEADINGS = ["Asked", "Affiliate", "Amount", "Answer", "By", "Answered"] as const;

/** The latest answered requests, newest answer first. */
export function AnsweredPayouts({ payouts }: { payouts: PayoutRow[] }) {
  return (
    <section aria-labelledby="answered-payouts-title" className="mt-8">
      <h2 id="answered-payouts-title" className="text-xl font-semibold text-slate-900">
        Answered
      </h2>
      <Card className="mt-3 overflow-hidden p-0">
        <AdminTable headings={ANSWERED_HEADINGS} items={payouts} empty="No payout has been answered yet.">
          {(payout) => (
            <tr key={payout.id} data-testid="answered-payout">
              <td className="px-4 py-3 whitespace-nowrap text-slate-600">
                {formatDateTime(payout.requestedAt)}
              </td>
              <AffiliateCell payout={payout} />
              <td className="px-4 py-3 font-semibold text-slate-900">{formatCents(payout.amountCents)}</td>
              <td className="px-4 py-3 wrap-anywhere text-slate-700">
                {payout.status === "paid" && payout.method === "wallet"
                  ? "Paid to the shop wallet"
                  : payoutStateText(payout)}
              </td>
              <td className="px-4 py-3 wrap-anywhere text-slate-600">{payout.decidedBy ?? "-"}</td>
              <td className="px-4 py-3 whitespace-nowrap text-slate-600">
                {payout.decidedAt ? formatDateTime(payout.decidedAt) : "-"}
              </td>
            </tr>
          )}
        </AdminTable>
      </Card>
    </section>
  );
}
