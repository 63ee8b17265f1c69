import { and, eq, ne, sql } from "drizzle-orm";
import type { Database } from "../../db/client.server.ts";
import { fulfilments } from "../../db/schema.ts";
import { formatCents } from "../../lib/format-money.ts";
import type { Cents } from "../pricing/cents.ts";
import { dollarCentsOf } from "../pricing/price.ts";
import { providerUsdPerUnit } from "./exchange-rates.server.ts";
import type { PartOutcome, PartOutcomes } from "./part-outcomes.ts";
import type { UpstreamOrderStatus } from "./provider-client.server.ts";
import { isFinal, ourStatus, parseRemains, parseStartCount } from "./upstream-status.ts";

type Fulfilment = typeof fulfilments.$inferSelect;

const PARTIAL_WITHOUT_REMAINS = "The provider reported Partial without the units left";
type Outcome =
  | { state: "submitted" | "done" | "needs_attention"; lastError: string | null }
  /** The answer was applied before (by an earlier poll or another worker): the submission stays as it is. */
  | { state: "unchanged" };

/** What the provider's currency is worth in dollars (exchange-rates.server.ts), when the caller read it already. */
export type ProviderRate = { usdPerUnit: string | null };

/**
 * Applies one upstream status to its submission. A final status is reported to `outcomes` (partEnded): the
 * part closes, and the last part to close ends the order, which refunds the undelivered shares exactly once and
 * keeps final statuses final (an auto order's post: postDelivered, which refunds its undelivered share once per
 * submission), so the same answer applied twice (two polls, two workers) moves money once. A `charge` in the
 * answer becomes what the part cost, in dollars (product rules 13.14).
 */
export async function applyUpstreamStatus(
  db: Database,
  row: Fulfilment,
  answer: UpstreamOrderStatus,
  pollSeconds: number,
  outcomes: PartOutcomes,
  rate?: ProviderRate,
): Promise<Outcome> {
  const outcome = answer.reported
    ? await apply(db, row, answer, outcomes)
    : { state: "submitted" as const, lastError: `The provider answered: ${answer.error}` };
  if (outcome.state === "unchanged") return outcome;
  const remains = answer.reported ? parseRemains(answer.remains, row.quantity) : null;
  const startCount = answer.reported ? parseStartCount(answer.startCount) : null;
  const charged = answer.reported ? await chargedCents(db, row, answer.charge, rate) : null;
  // A worker whose claim ran out may still answer for a submission another worker has since ended: an ended
  // submission is never reopened (it would be counted again at the next poll).
  const stillOpen = outcome.state === "done" ? undefined : ne(fulfilments.state, "done");
  await db
    .update(fulfilments)
    .set({
      state: outcome.state,
      lastError: outcome.lastError?.slice(0, 500) ?? null,
      upstreamStatus: answer.reported ? answer.status.slice(0, 50) : row.upstreamStatus,
      upstreamRemains: remains ?? row.upstreamRemains,
      upstreamStartCount: startCount ?? row.upstreamStartCount,
      // The provider's own charge already leaves out what it did not deliver (docs/decisions/041).
      ...(charged === null ? {} : { costCents: charged, costFromProvider: true }),
      nextAttemptAt: sql`now() + make_interval(secs => ${pollSeconds})`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(fulfilments.id, row.id), stillOpen));
  return outcome;
}

/**
 * The provider's `charge` for the part, converted to dollar cents (rounded up) at its currency's rate; null when it
 * stated none, or its currency has no rate. A refunded or partial part's charge is taken as the provider states it.
 */
async function chargedCents(
  db: Database,
  row: Fulfilment,
  charge: string | null,
  rate: ProviderRate | undefined,
): Promise<Cents | null> {
  if (charge === null || charge.trim() === "") return null;
  const usd = rate ? rate.usdPerUnit : await providerUsdPerUnit(db, row.providerId);
  return usd === null ? null : dollarCentsOf(charge, usd);
}

async function apply(
  db: Database,
  row: Fulfilment,
  answer: Extract<UpstreamOrderStatus, { reported: true }>,
  outcomes: PartOutcomes,
): Promise<Outcome> {
  if (row.autoOrderId) return applyToAutoOrder(db, row, row.autoOrderId, answer, outcomes);
  const status = ourStatus(answer.status);
  if (!status || !row.orderId) return { state: "submitted", lastError: `Unknown status "${answer.status}"` };
  const remains = parseRemains(answer.remains, row.quantity);
  if (status === "partial" && remains === null)
    return { state: "needs_attention", lastError: PARTIAL_WITHOUT_REMAINS };
  if (!isFinal(status)) {
    await outcomes.partProgressed(db, { orderId: row.orderId, status });
    return { state: "submitted", lastError: null };
  }
  const closed = await outcomes.partEnded(db, {
    fulfilmentId: row.id,
    orderId: row.orderId,
    outcome: status as PartOutcome,
    remains: status === "completed" ? 0 : status === "partial" ? remains : row.quantity,
  });
  // Closed before, by an earlier poll or another worker: nothing to do.
  if (!closed) return { state: "unchanged" };
  return { state: "done", lastError: closed.note };
}

async function applyToAutoOrder(
  db: Database,
  row: Fulfilment,
  autoOrderId: string,
  answer: Extract<UpstreamOrderStatus, { reported: true }>,
  outcomes: PartOutcomes,
): Promise<Outcome> {
  const word = answer.status.trim().toLowerCase();
  if (row.postNumber === 0) {
    const served = parseRemains(answer.posts, 100);
    if (served !== null) await outcomes.subscriptionServed(db, { autoOrderId, servedOfTotal: served });
    if (word === "completed") {
      await outcomes.subscriptionServed(db, { autoOrderId, servedOfTotal: 100 });
      return { state: "done", lastError: null };
    }
    if (word === "canceled" || word === "cancelled" || word === "expired")
      return {
        state: "needs_attention",
        lastError: `The provider ended the subscription (${answer.status})`,
      };
    return { state: "submitted", lastError: null };
  }
  const status = ourStatus(answer.status);
  if (status === "completed" || status === "partial") {
    // A Partial without the units left is still a delivered post: counted, with nothing refunded automatically.
    const remains = status === "partial" ? parseRemains(answer.remains, row.quantity) : 0;
    const { counted, refundCents } = await outcomes.postDelivered(db, {
      autoOrderId,
      fulfilmentId: row.id,
      postNumber: row.postNumber ?? 0,
      remains: remains ?? 0,
    });
    if (!counted) return { state: "unchanged" };
    if (status === "completed") return { state: "done", lastError: null };
    return {
      state: "done",
      lastError:
        remains === null
          ? `${PARTIAL_WITHOUT_REMAINS}: post ${row.postNumber} counted as delivered, nothing refunded`
          : `Post ${row.postNumber} delivered partially: ${remains} left, ${formatCents(refundCents)} refunded`,
    };
  }
  if (status === "cancelled" || status === "failed")
    return {
      state: "needs_attention",
      lastError: `The provider cancelled post ${row.postNumber}; retry it, or cancel the auto order to refund`,
    };
  return { state: "submitted", lastError: null };
}
