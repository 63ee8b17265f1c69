import { and, count, eq, isNotNull, sql } from "drizzle-orm";
import type { Database } from "../../db/client.server.ts";
import { isUniqueViolation } from "../../db/database-error.ts";
import { deposits, manualDepositMethods } from "../../db/schema.ts";
import { type Cents, cents } from "../pricing/cents.ts";
import { type Refusal, rateLimited, refuse } from "../refusal.ts";
import { hitRateLimit } from "../security/rate-limit.server.ts";
import { readSettings } from "../settings/read-settings.server.ts";
import { readDepositAmount } from "./deposit-form.ts";
import { MANUAL_DEPOSIT_TEXT, MAX_PENDING_CLAIMS, REFERENCE_MAX } from "./manual-deposit-text.ts";
import { DEPOSIT_TEXT } from "./messages.ts";
import { DEPOSIT_RATE_LIMIT } from "./start-deposit.server.ts";

export type ManualClaimInput = {
  userId: string;
  methodId: string;
  /** The amount as the customer typed it, read like the Add Funds amount (readDepositAmount). */
  amount: string;
  /** The reference the customer wrote on their transfer. */
  reference: string;
};

export type ManualClaimMade = { ok: true; depositId: string; amountCents: Cents; methodName: string };

function refused(message: string, field?: string): Refusal {
  return refuse("invalid", message, { title: MANUAL_DEPOSIT_TEXT.refusedTitle, ...(field ? { field } : {}) });
}

/**
 * Records a customer's claim that they paid by a manual method (product rules 16.51-16.54, docs/decisions/059): a
 * pending deposit with gateway `manual` and their transfer's reference, which moves no money until an admin
 * approves it. The amount must be within the shop's deposit limits and the method's; a customer has at most
 * MAX_PENDING_CLAIMS waiting, counted under a lock of their own so concurrent claims cannot pass it.
 */
export async function claimManualDeposit(
  db: Database,
  input: ManualClaimInput,
): Promise<ManualClaimMade | Refusal> {
  const reference = input.reference.trim();
  if (reference.length === 0 || reference.length > REFERENCE_MAX)
    return refused(MANUAL_DEPOSIT_TEXT.reference, "reference");
  const settings = await readSettings(db);
  if (settings.maintenanceMode)
    return refuse("unavailable", DEPOSIT_TEXT.maintenance, { title: DEPOSIT_TEXT.maintenanceTitle });
  const [method] = await db
    .select()
    .from(manualDepositMethods)
    .where(and(eq(manualDepositMethods.id, input.methodId), eq(manualDepositMethods.enabled, true)));
  if (!method) return refused(MANUAL_DEPOSIT_TEXT.method);
  // The shop's limits (product rules 6.3) and the method's, whichever is narrower.
  const amount = readDepositAmount(input.amount, {
    minCents: cents(Math.max(settings.minDepositCents, method.minCents)),
    maxCents: cents(Math.min(settings.maxDepositCents, method.maxCents)),
  });
  if (!amount.ok) return { ...amount, title: MANUAL_DEPOSIT_TEXT.refusedTitle };

  const limit = await hitRateLimit(db, `manual-deposit:user:${input.userId}`, DEPOSIT_RATE_LIMIT);
  if (!limit.allowed)
    return rateLimited(MANUAL_DEPOSIT_TEXT.rateLimited, limit.retryAfterSeconds, {
      title: MANUAL_DEPOSIT_TEXT.refusedTitle,
    });

  try {
    return await db.transaction(async (tx) => {
      // One customer's claims queue here, so the count below is never read by two claims at once.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`manual-claim:${input.userId}`}))`);
      const [waiting] = await tx
        .select({ n: count() })
        .from(deposits)
        .where(
          and(
            eq(deposits.userId, input.userId),
            eq(deposits.status, "pending"),
            isNotNull(deposits.manualMethodId),
          ),
        );
      if ((waiting?.n ?? 0) >= MAX_PENDING_CLAIMS)
        return refuse("conflict", MANUAL_DEPOSIT_TEXT.tooManyPending, {
          title: MANUAL_DEPOSIT_TEXT.refusedTitle,
        });
      const [deposit] = await tx
        .insert(deposits)
        .values({
          userId: input.userId,
          amountCents: amount.amountCents,
          provider: "manual",
          status: "pending",
          providerReference: reference,
          manualMethodId: method.id,
        })
        .returning({ id: deposits.id });
      if (!deposit) throw new Error("manual claim not recorded");
      return {
        ok: true as const,
        depositId: deposit.id,
        amountCents: amount.amountCents,
        methodName: method.name,
      };
    });
  } catch (error) {
    if (isUniqueViolation(error, "deposits_provider_reference_unique"))
      return refused(MANUAL_DEPOSIT_TEXT.referenceTaken, "reference");
    throw error;
  }
}
