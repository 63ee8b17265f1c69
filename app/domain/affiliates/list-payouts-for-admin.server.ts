import { aliasedTable, asc, desc, eq, ne } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { affiliatePayouts, affiliates, users } from "../../db/schema.ts";
import type { Cents } from "../pricing/cents.ts";

/** Answered requests the payout screen lists below the open ones, newest first. */
const ANSWERED_SHOWN = 50;

export type AdminPayout = {
  id: string;
  affiliateId: string;
  affiliateEmail: string;
  amountCents: Cents;
  status: "requested" | "paid" | "rejected";
  method: "wallet" | "elsewhere" | null;
  reference: string | null;
  requestedAt: Date;
  decidedAt: Date | null;
  decidedBy: string | null;
  /** The affiliate's commission balance now: below the amount, a refund has undercut the request. */
  commissionBalanceCents: Cents;
  /** The affiliate's shop wallet now, for the preview of a payment into it. */
  walletBalanceCents: Cents;
};

/**
 * The admin's payout screen (product rules 16.14): every open request, oldest first (first asked, first
 * answered; one per affiliate, so the list stays short), then the latest answered ones.
 */
export async function listPayoutsForAdmin(
  db: Executor,
): Promise<{ open: AdminPayout[]; answered: AdminPayout[] }> {
  const admins = aliasedTable(users, "admins");
  const select = () =>
    db
      .select({
        id: affiliatePayouts.id,
        affiliateId: affiliatePayouts.affiliateId,
        affiliateEmail: users.email,
        amountCents: affiliatePayouts.amountCents,
        status: affiliatePayouts.status,
        method: affiliatePayouts.method,
        reference: affiliatePayouts.reference,
        requestedAt: affiliatePayouts.requestedAt,
        decidedAt: affiliatePayouts.decidedAt,
        decidedBy: admins.email,
        commissionBalanceCents: affiliates.balanceCents,
        walletBalanceCents: users.balanceCents,
      })
      .from(affiliatePayouts)
      .innerJoin(affiliates, eq(affiliates.userId, affiliatePayouts.affiliateId))
      .innerJoin(users, eq(users.id, affiliatePayouts.affiliateId))
      .leftJoin(admins, eq(admins.id, affiliatePayouts.adminId));
  const [open, answered] = await Promise.all([
    select()
      .where(eq(affiliatePayouts.status, "requested"))
      .orderBy(asc(affiliatePayouts.requestedAt), asc(affiliatePayouts.id)),
    select()
      .where(ne(affiliatePayouts.status, "requested"))
      .orderBy(desc(affiliatePayouts.decidedAt), desc(affiliatePayouts.id))
      .limit(ANSWERED_SHOWN),
  ]);
  return { open, answered };
}
