import { and, desc, eq, inArray, isNotNull, isNull } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Executor } from "../../db/client.server.ts";
import { deposits, PAYMENT_RESULTS_TO_REVIEW, paymentEvents, users } from "../../db/schema.ts";
import type { Cents } from "../pricing/cents.ts";

export type PaymentEventToReview = {
  id: string;
  gateway: (typeof paymentEvents.$inferSelect)["provider"];
  type: string;
  depositId: string | null;
  result: string;
  receivedAt: Date;
  /** The deposit's own amount (what the customer asked for), and its customer; null when no deposit matched. */
  askedCents: Cents | null;
  customer: { id: string; email: string } | null;
  /** What the gateway said it took, in its currency; null when it did not say. */
  reportedCents: Cents | null;
  reportedCurrency: string | null;
  /** Who settled it, when and how (the reviewed list only). */
  reviewedAt: Date | null;
  reviewedBy: string | null;
  reviewNote: string | null;
};

const reviewers = alias(users, "reviewers");

/**
 * The gateway events the shop refused or could not follow on its own, newest first (docs/decisions/057, product
 * rules 16.27): an amount or currency that differs from the deposit, another reference or gateway, a payment after
 * the deposit closed, an unknown deposit, a refund; each with its deposit, customer and the two amounts. By default
 * the ones still to review; `reviewed` lists those an admin settled.
 */
export async function listEventsToReview(
  db: Executor,
  options: { reviewed?: boolean; limit?: number } = {},
): Promise<PaymentEventToReview[]> {
  const rows = await db
    .select({
      id: paymentEvents.id,
      gateway: paymentEvents.provider,
      type: paymentEvents.type,
      depositId: paymentEvents.depositId,
      result: paymentEvents.result,
      receivedAt: paymentEvents.receivedAt,
      askedCents: deposits.amountCents,
      customerId: users.id,
      customerEmail: users.email,
      reportedCents: paymentEvents.reportedAmountCents,
      reportedCurrency: paymentEvents.reportedCurrency,
      reviewedAt: paymentEvents.reviewedAt,
      reviewedBy: reviewers.email,
      reviewNote: paymentEvents.reviewNote,
    })
    .from(paymentEvents)
    .leftJoin(deposits, eq(deposits.id, paymentEvents.depositId))
    .leftJoin(users, eq(users.id, deposits.userId))
    .leftJoin(reviewers, eq(reviewers.id, paymentEvents.reviewedBy))
    .where(
      and(
        inArray(paymentEvents.result, [...PAYMENT_RESULTS_TO_REVIEW]),
        options.reviewed ? isNotNull(paymentEvents.reviewedAt) : isNull(paymentEvents.reviewedAt),
      ),
    )
    .orderBy(
      desc(options.reviewed ? paymentEvents.reviewedAt : paymentEvents.receivedAt),
      desc(paymentEvents.id),
    )
    .limit(options.limit ?? 50);
  return rows.map(({ customerId, customerEmail, ...row }) => ({
    ...row,
    result: row.result ?? "",
    customer: customerId && customerEmail ? { id: customerId, email: customerEmail } : null,
  }));
}
