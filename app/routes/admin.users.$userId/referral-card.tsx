import { Link } from "react-router";
import { Card, CardHeader } from "../../components/ui/card.tsx";
import type { AdminReferral } from "../../domain/affiliates/read-referral-for-admin.server.ts";
import { formatCents, formatCount } from "../../lib/format-money.ts";

/** Who referred this customer, and their own affiliate figures (product rules 16.15). */
export function ReferralCard({ referral }: { referral: AdminReferral }) {
  const { referredBy, affiliate } = referral;
  return (
    <Card className="mt-6" data-testid="referral-card">
      <CardHeader title="Referral" />
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-slate-500">Referred by</dt>
        <dd className="wrap-anywhere">
          {referredBy ? (
            <Link to={`/admin/users/${referredBy.id}`} className="text-brand-700 hover:underline">
              {referredBy.email}
            </Link>
          ) : (
            "Nobody"
          )}
        </dd>
        <dt className="text-slate-500">Affiliate link</dt>
        <dd>{affiliate ? `/r/${affiliate.code}` : "Never asked for"}</dd>
        {affiliate ? (
          <>
            <dt className="text-slate-500">Visits, sign-ups, customers who ordered</dt>
            <dd>
              {formatCount(affiliate.visits)}, {formatCount(affiliate.signUps)},{" "}
              {formatCount(affiliate.conversions)}
            </dd>
            <dt className="text-slate-500">Earned (after refunds)</dt>
            <dd>{formatCents(affiliate.earnedCents)}</dd>
            <dt className="text-slate-500">Commission balance</dt>
            <dd data-testid="referral-balance">{formatCents(affiliate.balanceCents)}</dd>
          </>
        ) : null}
      </dl>
    </Card>
  );
}
