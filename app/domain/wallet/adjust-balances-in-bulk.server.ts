import { inArray } from "drizzle-orm";
import type { Database, Executor } from "../../db/client.server.ts";
import { users } from "../../db/schema.ts";
import { formatCents } from "../../lib/format-money.ts";
import { BULK_TEXT, type BulkOutcome, bulkSummary, countOf } from "../bulk-change.ts";
import type { Notice } from "../notice.ts";
import { type Cents, cents } from "../pricing/cents.ts";
import { adjustBalance, type BalanceAdjustment } from "./adjust-balance.server.ts";
import { USER_NOUN } from "./adjustment-form.ts";
import { ADJUSTMENT_LABELS } from "./balance-adjustment.ts";

/** One adjustment for each ticked user: what adjustBalance takes, but the user. */
export type BulkAdjustment = Omit<BalanceAdjustment, "userId" | "adminId"> & { ids: string[] };

type SelectedUser = { id: string; email: string; balanceCents: Cents };

async function readSelected(db: Executor, ids: readonly string[]): Promise<SelectedUser[]> {
  const rows = await db
    .select({ id: users.id, email: users.email, balanceCents: users.balanceCents })
    .from(users)
    .where(inArray(users.id, [...ids]));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** "Credit $5.00 (Goodwill credit) to 3 users? $15.00 in all." */
function questionOf(input: BulkAdjustment, count: number): string {
  const amount = `${formatCents(input.amountCents)} (${ADJUSTMENT_LABELS[input.kind]})`;
  const users = countOf(count, USER_NOUN);
  const total = count > 1 ? ` ${formatCents(input.amountCents * count)} in all.` : "";
  return input.direction === "credit"
    ? `Credit ${amount} to ${users}?${total}`
    : `Debit ${amount} from ${users}?${total}`;
}

/** Why a debit would be refused now: the balance it would take below zero. */
function shortOf(user: SelectedUser, input: BulkAdjustment): string | null {
  return input.direction === "debit" && user.balanceCents < input.amountCents
    ? `balance ${formatCents(user.balanceCents)}`
    : null;
}

/** What a bulk adjustment would do now, in words, each debit a balance cannot afford named. */
export async function previewBulkAdjustment(
  db: Executor,
  input: BulkAdjustment,
): Promise<{ question: string; details: string[]; ids: string[] }> {
  const selected = await readSelected(db, input.ids);
  const details = selected.flatMap((user) => {
    const short = shortOf(user, input);
    return short ? [`${user.email} will not be debited (${short}).`] : [];
  });
  return {
    question: questionOf(input, selected.length - details.length),
    details: [`Reason: ${input.reason.trim()}`, ...details],
    ids: selected.map((user) => user.id),
  };
}

/**
 * Adjusts each ticked user's balance through adjustBalance (one ledger row and its audit row per user, in its own
 * transaction, never below zero), and reports every user's outcome and the total moved.
 */
export async function adjustBalancesInBulk(
  db: Database,
  input: BulkAdjustment & { adminId: string },
): Promise<{ ok: true; outcomes: BulkOutcome[]; movedCents: Cents; notice: Notice }> {
  const { ids, ...adjustment } = input;
  const outcomes: BulkOutcome[] = [];
  let moved = 0;
  for (const user of await readSelected(db, ids)) {
    const made = await adjustBalance(db, { ...adjustment, userId: user.id });
    if (made.ok) moved += input.amountCents;
    outcomes.push(
      made.ok
        ? { label: user.email, result: "done" }
        : {
            label: user.email,
            result: "refused",
            reason: made.kind === "insufficient_funds" ? "balance too low" : made.message.toLowerCase(),
          },
    );
  }
  const done = input.direction === "credit" ? "credited" : "debited";
  const summary = bulkSummary(outcomes, { noun: USER_NOUN, done });
  return {
    ok: true,
    outcomes,
    movedCents: cents(moved),
    notice: { title: BULK_TEXT.done, message: `${summary}. ${formatCents(moved)} in all.` },
  };
}
