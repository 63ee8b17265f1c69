import type { Database } from "../../db/client.server.ts";
import { pollDueFulfilments } from "./poll-fulfilments.server.ts";
import { dropOvertakenSubmissions, queueAutoOrderPosts, queueNewOrders } from "./queue-submissions.server.ts";
import { submitDueFulfilments } from "./submit-fulfilments.server.ts";

export type RoundOptions = {
  leaseSeconds: number;
  pollSeconds: number;
  afterAdd?: () => void;
};

export type RoundReport = { queued: number; submitted: number; polled: number };

/** One pass of the fulfilment worker: queue new work, send what is due, then poll what is upstream. */
export async function runFulfilmentRound(db: Database, options: RoundOptions): Promise<RoundReport> {
  const queued = (await queueNewOrders(db)) + (await queueAutoOrderPosts(db));
  await dropOvertakenSubmissions(db);
  const submitted = await submitDueFulfilments(db, options);
  const polled = await pollDueFulfilments(db, options);
  return { queued, submitted, polled };
}
