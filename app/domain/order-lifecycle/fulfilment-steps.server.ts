import type { Database } from "../../db/client.server.ts";
import { applyUpstreamStatus as applyToSubmission } from "../fulfilment/apply-upstream-status.server.ts";
import { settleHeldSubmission as settleHeld } from "../fulfilment/held-submissions.server.ts";
import { type PollOptions, pollDueFulfilments as pollDue } from "../fulfilment/poll-fulfilments.server.ts";
import type { UpstreamOrderStatus } from "../fulfilment/provider-client.server.ts";
import { type PumpOptions, SubmissionPump as ReportingPump } from "../fulfilment/submission-pump.server.ts";
import type { Fulfilment } from "../fulfilment/submit-fulfilments.server.ts";
import { partOutcomes } from "./part-outcomes.server.ts";

// Fulfilment's steps that learn how parts end, each reporting to the areas that own what it means (partOutcomes,
// docs/decisions/034): what the worker runs, and what an admin's decision on a held submission or a test drives.

/** Applies one provider status to its submission (fulfilment's applyUpstreamStatus, reporting to the owners). */
export function applyUpstreamStatus(
  db: Database,
  row: Fulfilment,
  answer: UpstreamOrderStatus,
  pollSeconds: number,
): ReturnType<typeof applyToSubmission> {
  return applyToSubmission(db, row, answer, pollSeconds, partOutcomes);
}

/** Polls the submitted orders that are due (fulfilment's pollDueFulfilments, reporting to the owners). */
export function pollDueFulfilments(db: Database, options: Omit<PollOptions, "outcomes">): Promise<number> {
  return pollDue(db, { ...options, outcomes: partOutcomes });
}

/** Sends new submissions as they commit (fulfilment's pump); a part that fails for good ends in its order. */
export class SubmissionPump extends ReportingPump {
  constructor(db: Database, options: Omit<PumpOptions, "outcomes">) {
    super(db, { ...options, outcomes: partOutcomes });
  }
}

/** An admin's answer to a held submission (fulfilment's settleHeldSubmission, reporting to the owners). */
export function settleHeldSubmission(
  db: Database,
  input: Parameters<typeof settleHeld>[1],
): ReturnType<typeof settleHeld> {
  return settleHeld(db, input, partOutcomes);
}
