import type { Database } from "../../db/client.server.ts";
import { endExpiredSubscriptions } from "../auto-orders/end-expired-subscriptions.server.ts";
import { closeCancelledQueuedParts, sendDueCancels } from "../fulfilment/cancel-upstream.server.ts";
import { pollDueRefills, sendDueRefills } from "../fulfilment/forward-refills.server.ts";
import { POLL_CLAIM, pollDueFulfilments } from "../fulfilment/poll-fulfilments.server.ts";
import { dropOvertakenSubmissions, queueAutoOrderPosts } from "../fulfilment/queue-submissions.server.ts";
import { failOverdueHeldParts } from "../fulfilment/refund-hold.server.ts";
import { holdInterruptedSubmissions, submitDueFulfilments } from "../fulfilment/submit-fulfilments.server.ts";
import { partOutcomes } from "./part-outcomes.server.ts";

export type RoundOptions = {
  leaseSeconds: number;
  pollSeconds: number;
  afterAdd?: () => void;
  concurrencyPerProvider?: number;
  /** False where a submission pump sends (the worker): the round then only wakes it. Default true. */
  submit?: boolean;
};

const MAX_SUBMIT_BATCHES_PER_ROUND = 10;
const MAX_POLL_BATCHES_PER_ROUND = 4;

export type RoundReport = {
  queued: number;
  submitted: number;
  cancelsSent: number;
  polled: number;
  refillsSent: number;
  refillsPolled: number;
  /** Held parts whose refund deadline passed, failed and refunded this round. */
  heldEnded: number;
};

/**
 * One pass of the fulfilment worker: queue the next auto-order posts, send what is due (new orders are queued
 * by the statement that stores them, and sent at once by the worker's submission pump; a round catches retries
 * and anything a pump missed), send due cancel requests, then poll what is upstream; refills are forwarded and
 * followed the same way (docs/decisions/022-refills.md). Every outcome a step learns goes to the area that owns
 * it (partOutcomes, docs/decisions/034).
 */
export async function runFulfilmentRound(db: Database, options: RoundOptions): Promise<RoundReport> {
  const reporting = { ...options, outcomes: partOutcomes };
  // A subscription past its expiry day posts nothing more: ended (and refunded) before posts are queued.
  await endExpiredSubscriptions(db);
  const queued = await queueAutoOrderPosts(db);
  await dropOvertakenSubmissions(db);
  await holdInterruptedSubmissions(db);
  // Held parts nobody resent before their refund deadline fail and are refunded (product rules 14.13).
  const heldEnded = await failOverdueHeldParts(db, partOutcomes);
  let submitted = 0;
  // A few batches at most: under a steady stream of new orders the round must still get to its polls.
  for (let batch = 0; options.submit !== false && batch < MAX_SUBMIT_BATCHES_PER_ROUND; batch++) {
    const claimed = await submitDueFulfilments(db, reporting);
    submitted += claimed;
    if (claimed === 0) break;
  }
  await closeCancelledQueuedParts(db, partOutcomes);
  const cancelsSent = await sendDueCancels(db);
  let polled = 0;
  for (let batch = 0; batch < MAX_POLL_BATCHES_PER_ROUND; batch++) {
    const claimed = await pollDueFulfilments(db, reporting);
    polled += claimed;
    if (claimed < POLL_CLAIM) break;
  }
  const refillsSent = await sendDueRefills(db, reporting);
  const refillsPolled = await pollDueRefills(db, reporting);
  return { queued, submitted, cancelsSent, polled, refillsSent, refillsPolled, heldEnded };
}
