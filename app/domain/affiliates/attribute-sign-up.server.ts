import { and, eq, gte, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { referrals, referralVisits, sessions, users } from "../../db/schema.ts";
import { clientAddress } from "../security/sign-in-throttle.server.ts";
import { readSettingsCached } from "../settings/read-settings.server.ts";
import { mailboxOf } from "./affiliate-rules.ts";
import { referralVisitorIdOf } from "./referral-cookie.server.ts";

export type SignUpAttribution =
  | { attributed: true; affiliateId: string }
  | {
      attributed: false;
      reason: "no_visit" | "self" | "same_mailbox" | "same_address" | "already_attributed";
    };

/**
 * Gives a new customer to the affiliate whose link their browser came through within the attribution window,
 * once (docs/decisions/056). Refused as self-referral: the affiliate's own account; an address that reaches the
 * affiliate's mailbox (aliases and "+tags" included); a sign-up from a network address one of the affiliate's
 * sessions used within the window.
 */
export async function attributeSignUp(
  db: Executor,
  input: { userId: string; visitorId: string | null; ipAddress: string | null },
): Promise<SignUpAttribution> {
  if (!input.visitorId) return { attributed: false, reason: "no_visit" };
  const { affiliateAttributionDays } = await readSettingsCached(db);
  const windowStart = sql`now() - make_interval(days => ${affiliateAttributionDays})`;
  const [visit] = await db
    .select({ id: referralVisits.id, affiliateId: referralVisits.affiliateId })
    .from(referralVisits)
    .where(and(eq(referralVisits.visitorId, input.visitorId), gte(referralVisits.createdAt, windowStart)));
  if (!visit) return { attributed: false, reason: "no_visit" };
  if (visit.affiliateId === input.userId) return { attributed: false, reason: "self" };

  const people = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(sql`${users.id} in (${visit.affiliateId}, ${input.userId})`);
  const affiliate = people.find((person) => person.id === visit.affiliateId);
  const customer = people.find((person) => person.id === input.userId);
  if (affiliate && customer && mailboxOf(affiliate.email) === mailboxOf(customer.email))
    return { attributed: false, reason: "same_mailbox" };
  if (input.ipAddress) {
    const shared = await db.$count(
      sessions,
      and(
        eq(sessions.userId, visit.affiliateId),
        eq(sessions.ipAddress, input.ipAddress),
        gte(sessions.updatedAt, windowStart),
      ),
    );
    if (shared > 0) return { attributed: false, reason: "same_address" };
  }

  const inserted = await db
    .insert(referrals)
    .values({ referredUserId: input.userId, affiliateId: visit.affiliateId, visitId: visit.id })
    .onConflictDoNothing()
    .returning({ affiliateId: referrals.affiliateId });
  return inserted[0]
    ? { attributed: true, affiliateId: visit.affiliateId }
    : { attributed: false, reason: "already_attributed" };
}

/**
 * The attribution of an account better-auth just created, from the sign-up request's headers: its referral cookie
 * and the client address the HTTP server resolved. A failure is logged, never the sign-up's: the account exists.
 */
export async function attributeNewAccount(
  db: Executor,
  userId: string,
  headers: Headers | undefined,
): Promise<void> {
  const visitorId = referralVisitorIdOf(headers?.get("cookie"));
  if (!visitorId || !headers) return;
  try {
    await attributeSignUp(db, {
      userId,
      visitorId,
      ipAddress: clientAddress(new Request("http://sign-up.invalid/", { headers })),
    });
  } catch (error) {
    console.error("referral attribution failed", userId, error);
  }
}
