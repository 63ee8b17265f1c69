import { formatCents } from "../../lib/format-money.ts";
import { type Cents, cents } from "../pricing/cents.ts";

/**
 * What an admin's credit or debit is (product rules 2.8): the kinds, the limits and the texts the form, the
 * use case and the customer's statement share. Plain TypeScript: the admin page checks the form with it too.
 */

/** Why an admin moved the money: a payment taken by hand, a gift, or a correction of a mistake. */
export const ADJUSTMENT_KINDS = ["manual_payment", "goodwill", "correction"] as const;
export type AdjustmentKind = (typeof ADJUSTMENT_KINDS)[number];

export const ADJUSTMENT_DIRECTIONS = ["credit", "debit"] as const;
export type AdjustmentDirection = (typeof ADJUSTMENT_DIRECTIONS)[number];

/** The kind as the customer's statement names it; the admin's reason stays internal. */
export const ADJUSTMENT_LABELS: Record<AdjustmentKind, string> = {
  manual_payment: "Manual payment",
  goodwill: "Goodwill credit",
  correction: "Balance correction",
};

/** The statement's words for an adjustment whose kind it cannot read (none is written without one). */
export const ADJUSTMENT_FALLBACK_LABEL = "Balance adjustment";

/** The kind's label for a ledger row's metadata, whatever it holds. */
export function adjustmentLabel(kind: unknown): string {
  return ADJUSTMENT_KINDS.find((known) => known === kind)
    ? ADJUSTMENT_LABELS[kind as AdjustmentKind]
    : ADJUSTMENT_FALLBACK_LABEL;
}

/** At most $10,000 per adjustment: a larger sum is surely a typo, and several adjustments can move more. */
export const ADJUSTMENT_MAX_CENTS: Cents = cents(1_000_000);
export const ADJUSTMENT_REASON_MIN = 3;
export const ADJUSTMENT_REASON_MAX = 500;

export const ADJUSTMENT_TEXT = {
  heading: "Credit or debit",
  amount: "Enter an amount from $0.01 to $10,000.00, with at most two decimals.",
  reason: `Give a reason of ${ADJUSTMENT_REASON_MIN} to ${ADJUSTMENT_REASON_MAX} characters.`,
  kind: "Choose the kind of adjustment.",
  direction: "Choose credit or debit.",
  refused: "Failed to adjust balance",
  done: "Balance adjusted",
  noUser: "This user does not exist.",
} as const;

/** A debit the balance cannot afford (refused, nothing written): how much was asked and how much there is. */
export function belowZeroText(debitCents: number, balanceCents: number): string {
  return `A debit of ${formatCents(debitCents)} would take the balance below zero: it is ${formatCents(balanceCents)}.`;
}

/** The toast of an adjustment made. */
export function adjustedText(signedCents: number, kind: AdjustmentKind, balanceCents: number): string {
  const verb = signedCents > 0 ? "Credited" : "Debited";
  return `${verb} ${formatCents(Math.abs(signedCents))} (${ADJUSTMENT_LABELS[kind]}). New balance: ${formatCents(balanceCents)}.`;
}

/** The whole adjustment signed as the ledger keeps it: credits positive, debits negative. */
export function signedAdjustment(direction: AdjustmentDirection, amountCents: Cents): Cents {
  return cents(direction === "credit" ? amountCents : -amountCents);
}

/** Whether an amount is one an admin may move in one adjustment: whole cents, from 1 cent to the maximum. */
export function isAdjustmentAmount(amountCents: number): boolean {
  return Number.isSafeInteger(amountCents) && amountCents >= 1 && amountCents <= ADJUSTMENT_MAX_CENTS;
}

/** Whether a reason (already trimmed) is long enough to explain and short enough to read. */
export function isAdjustmentReason(reason: string): boolean {
  return reason.length >= ADJUSTMENT_REASON_MIN && reason.length <= ADJUSTMENT_REASON_MAX;
}
