import { and, asc, desc, eq, isNotNull, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { deposits, manualDepositMethods, paymentEvents, users } from "../../db/schema.ts";
import type { Cents } from "../pricing/cents.ts";

export type ManualClaim = {
  depositId: string;
  userId: string;
  email: string;
  methodName: string;
  amountCents: Cents;
  reference: string;
  status: "pending" | "completed" | "failed" | "expired";
  claimedAt: Date;
  /** The admin's reason, for a rejected claim. */
  reason: string | null;
};

/** How many claims the lists show: the pending ones come first, then the latest decided. */
export const CLAIMS_SHOWN = 50;

/** The reason a rejection's event carries (docs/decisions/059), read beside its claim. */
const rejection = sql<string | null>`(
  select ${paymentEvents.payload} ->> 'reason' from ${paymentEvents}
  where ${paymentEvents.id} = 'manual:reject:' || ${deposits.id}::text
)`;

function claimsQuery(db: Executor) {
  return db
    .select({
      depositId: deposits.id,
      userId: deposits.userId,
      email: users.email,
      methodName: manualDepositMethods.name,
      amountCents: deposits.amountCents,
      reference: sql<string>`coalesce(${deposits.providerReference}, '')`,
      status: deposits.status,
      claimedAt: deposits.createdAt,
      reason: rejection,
    })
    .from(deposits)
    .innerJoin(users, eq(users.id, deposits.userId))
    .innerJoin(manualDepositMethods, eq(manualDepositMethods.id, deposits.manualMethodId))
    .$dynamic();
}

/** Every customer's manual claims for the admins, pending first (oldest first), then the latest decided. */
export async function listManualClaims(db: Executor, limit = CLAIMS_SHOWN): Promise<ManualClaim[]> {
  return claimsQuery(db)
    .where(isNotNull(deposits.manualMethodId))
    .orderBy(
      sql`${deposits.status} <> 'pending'`,
      sql`case when ${deposits.status} = 'pending' then ${deposits.createdAt} end asc`,
      desc(deposits.createdAt),
      asc(deposits.id),
    )
    .limit(limit);
}

/** A customer's own manual claims, newest first: the wallet shows them with their state and a rejection's reason. */
export async function listCustomerClaims(db: Executor, userId: string, limit = 10): Promise<ManualClaim[]> {
  return claimsQuery(db)
    .where(and(eq(deposits.userId, userId), isNotNull(deposits.manualMethodId)))
    .orderBy(desc(deposits.createdAt), asc(deposits.id))
    .limit(limit);
}
