import type { ServiceOrderType } from "../pricing/price.ts";
import type { Notice } from "./messages.ts";

/**
 * The order types beyond a plain quantity (docs/decisions/021-order-types.md, 037): drip-feed on a Default service
 * that allows it, Custom Comments and Package. Pure rules, read the same way by the order function and by the API's
 * reading of a request. Browser-safe: no server imports.
 */

/** How a service takes its order: a quantity (Default), one comment per line (Custom Comments), one package. */
export type { ServiceOrderType };

/** What a Package order is: one package (product rules 13.10), whatever a form or a request says. */
export const PACKAGE_QUANTITY = 1;

/** A drip-feed order: `runs` deliveries of the quantity, one every `intervalMinutes`. */
export type DripFeed = { runs: number; intervalMinutes: number };

/** Runs of one drip-feed order: at least two (one run is an ordinary order), at most a hundred. */
export const DRIP_FEED_RUNS = { min: 2, max: 100 } as const;

/** Minutes between two runs: one minute to one day. */
export const DRIP_FEED_INTERVAL_MINUTES = { min: 1, max: 1_440 } as const;

/** The longest comment line kept; a longer line is refused, not cut (the customer wrote it to be posted). */
export const COMMENT_MAX_LENGTH = 500;

/** The largest quantity an order row holds (PostgreSQL integer): runs x quantity must stay below it. */
export const MAX_ORDER_UNITS = 2_147_483_647;

/** The part name of run `n` (1-based) of a drip-feed order: its own submission with its share of the charge. */
export function runPart(run: number): string {
  return `run-${run}`;
}

/** True for a part that is one run of a drip-feed order. */
export function isRunPart(part: string): boolean {
  return /^run-\d+$/.test(part);
}

/** Comments as the customer typed them: one per line, surrounding spaces trimmed, blank lines dropped. */
export function commentLines(text: string): string[] {
  return text
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter(Boolean);
}

/** The texts of the order types, for pages and the order function. */
export const ORDER_TYPE_TEXT = {
  dripFeedNotAvailable: {
    title: "Drip-feed unavailable",
    message: "This service is delivered in one go: drip-feed is not available for it.",
  },
  badRuns: {
    title: "Invalid runs",
    message: `Runs must be between ${DRIP_FEED_RUNS.min} and ${DRIP_FEED_RUNS.max}.`,
  },
  badInterval: {
    title: "Invalid interval",
    message: `The interval must be between ${DRIP_FEED_INTERVAL_MINUTES.min} and ${DRIP_FEED_INTERVAL_MINUTES.max} minutes.`,
  },
  tooManyUnits: { title: "Invalid quantity", message: "Runs x quantity is too large for one order." },
  commentsRequired: {
    title: "Comments required",
    message: "This service posts your own comments: write one comment per line.",
  },
  commentsNotTaken: {
    title: "Comments not taken",
    message: "This service does not take custom comments.",
  },
  commentTooLong: {
    title: "Comment too long",
    message: `Each comment may be at most ${COMMENT_MAX_LENGTH} characters.`,
  },
  commentsQuantity: {
    title: "Invalid quantity",
    message: "The quantity of a custom comments order is its number of comments.",
  },
  packageQuantity: {
    title: "Invalid quantity",
    message: "A package is ordered one at a time: its quantity is 1.",
  },
} as const satisfies Record<string, Notice>;

/** Whether `value` is a whole number of runs within DRIP_FEED_RUNS. */
export function isValidRuns(value: number): boolean {
  return Number.isSafeInteger(value) && value >= DRIP_FEED_RUNS.min && value <= DRIP_FEED_RUNS.max;
}

/** Whether `value` is a whole number of minutes within DRIP_FEED_INTERVAL_MINUTES. */
export function isValidInterval(value: number): boolean {
  return (
    Number.isSafeInteger(value) &&
    value >= DRIP_FEED_INTERVAL_MINUTES.min &&
    value <= DRIP_FEED_INTERVAL_MINUTES.max
  );
}
