import { z } from "zod";
import type { Notice } from "./notice.ts";

/**
 * What the admin lists' bulk actions share (product rules 14.32-14.35): the selection a form posts, each row's
 * outcome, and the one sentence that reports them. Each area's bulk use case changes one row per transaction
 * through its single-row use case, so a refused row never undoes the others.
 */

/** The most rows one bulk action takes: two pages of the longest list. */
export const BULK_MAX_ROWS = 100;

/** The ticked rows (checkboxes named `ids`), at least one. */
export const bulkIds = z.array(z.uuid()).min(1).max(BULK_MAX_ROWS);

/** The two steps of a bulk form: show what will happen, then do it. */
export const bulkStep = z.enum(["bulk-preview", "bulk-apply"]);

/** How one row came out: changed, left to someone else to finish (a provider asked), or refused and why. */
export type BulkOutcome =
  | { label: string; result: "done" }
  | { label: string; result: "requested" }
  | { label: string; result: "refused"; reason: string };

/** The selection's count in words: "1 order", "7 orders". */
export function countOf(count: number, noun: { one: string; many: string }): string {
  return `${count} ${count === 1 ? noun.one : noun.many}`;
}

/**
 * "7 orders cancelled, 1 asked of its provider, 2 refused: ORD-1 (already completed), ORD-2 (with a provider)":
 * every row accounted for, each refusal with its row and reason.
 */
export function bulkSummary(
  outcomes: readonly BulkOutcome[],
  words: { noun: { one: string; many: string }; done: string; requested?: string },
): string {
  const done = outcomes.filter((outcome) => outcome.result === "done").length;
  const requested = outcomes.filter((outcome) => outcome.result === "requested").length;
  const refused = outcomes.flatMap((outcome) =>
    outcome.result === "refused" ? [`${outcome.label} (${outcome.reason})`] : [],
  );
  const parts = [`${countOf(done, words.noun)} ${words.done}`];
  if (requested > 0) parts.push(`${requested} ${words.requested ?? "requested"}`);
  if (refused.length > 0) parts.push(`${refused.length} refused: ${refused.join(", ")}`);
  return parts.join(", ");
}

export const BULK_TEXT = {
  /** The title of a bulk change's result, which the list also shows beside its bulk bar (no script needed). */
  done: "Bulk change done",
  nothingTicked: (nouns: string): Notice => ({
    title: "Nothing changed",
    message: `Tick at least one of the ${nouns} and choose an action, then Review.`,
  }),
} as const;

/** Whether a form's intent is a bulk form's step (the lists' row forms have intents of their own). */
export function isBulkStep(intent: unknown): boolean {
  return bulkStep.safeParse(intent).success;
}
