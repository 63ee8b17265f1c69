import { createHash } from "node:crypto";
import type { Database } from "../../db/client.server.ts";
import { type Cents, cents } from "../pricing/cents.ts";
import { type Refusal, refuse } from "../refusal.ts";
import { readCustomerDiscount } from "./customer-discount.server.ts";
import { readMassOrderLines } from "./mass-order-lines.ts";
import {
  checkMassOrderLines,
  type MassOrderLineAt,
  type MassOrderLineVerdict,
  type MassOrderPlacement,
  validTotal,
} from "./mass-order-preview.server.ts";
import { MASS_ORDER_TEXT } from "./mass-order-text.ts";
import { placeOrder } from "./place-order.server.ts";
import { placePackageOrder } from "./place-pack-order.server.ts";
import type { PlacedOrder } from "./record-paid-order.server.ts";

export type MassOrderInput = {
  userId: string;
  /** The preview's batch id: with the paste and the line, it makes each line's idempotency key. */
  batchId: string;
  paste: string;
  /** The total of the valid lines the preview showed (product rules 1.2): another total places nothing. */
  expectedTotalCents: Cents;
};

/** One line's outcome: its order (charged once), or why it was not placed (nothing charged). */
export type MassOrderLineResult =
  | {
      ok: true;
      line: number;
      text: string;
      orderNumber: string;
      serviceName: string;
      totalCents: Cents;
      /** True when a repeated submit answered with the order this line already placed. */
      replayed: boolean;
    }
  | (MassOrderLineAt & Refusal);

/** The placed lines, or the whole mass order refused (with the total of its valid lines now). */
export type MassOrderResult =
  | { ok: true; lines: MassOrderLineResult[]; placed: number; refused: number; chargedCents: Cents }
  | Refusal;

/**
 * Places a previewed mass order (product rules 4.8): each valid line as an independent order through the
 * same placeOrder (or likes pack order) as a single order, each in its own transaction with its own idempotency
 * key, so a submit sent twice (or twice at once) places each line once. A refused line charges nothing; once
 * the balance runs short, the lines after it are refused without being tried.
 */
export async function placeMassOrder(db: Database, input: MassOrderInput): Promise<MassOrderResult> {
  const read = readMassOrderLines(input.paste);
  if (!read.ok) return read;
  const lines = await checkMassOrderLines(db, read.lines, await readCustomerDiscount(db, input.userId));
  const totalCents = validTotal(lines);
  if (!lines.some((line) => line.ok)) {
    const nothingValid = { title: MASS_ORDER_TEXT.empty.title, message: MASS_ORDER_TEXT.nothingValid };
    return refuse("invalid", nothingValid, { totalCents });
  }
  if (totalCents !== input.expectedTotalCents)
    return refuse("conflict", MASS_ORDER_TEXT.changed, { totalCents });
  const batchKey = `mass:${input.batchId}:${pasteDigest(read.lines.map((line) => line.text))}`;
  const results: MassOrderLineResult[] = [];
  let shortOfFunds = false;
  for (const line of lines) {
    if (!line.ok) {
      results.push(line);
      continue;
    }
    if (shortOfFunds) {
      results.push(at(line, refuse("insufficient_funds", MASS_ORDER_TEXT.notPlacedAfterShortfall)));
      continue;
    }
    const placed = await placeLine(db, input.userId, line, `${batchKey}:${line.line}`);
    if (placed.ok) {
      const { order, replayed } = placed;
      const { orderNumber, serviceName, totalCents: charged } = order;
      results.push({
        ok: true,
        line: line.line,
        text: line.text,
        orderNumber,
        serviceName,
        totalCents: charged,
        replayed,
      });
      continue;
    }
    shortOfFunds = placed.kind === "insufficient_funds";
    results.push(at(line, placed));
  }
  return summarise(results);
}

function placeLine(
  db: Database,
  userId: string,
  line: Extract<MassOrderLineVerdict, { ok: true }>,
  idempotencyKey: string,
): Promise<PlacedOrder | Refusal> {
  const placement: MassOrderPlacement = line.placement;
  if (placement.kind === "pack")
    return placePackageOrder(db, {
      userId,
      packId: placement.packId,
      targetLink: placement.targetLink,
      idempotencyKey,
    });
  return placeOrder(db, {
    userId,
    serviceId: placement.serviceId,
    quantity: placement.quantity,
    targetLink: placement.targetLink,
    deliverySpeed: "normal",
    idempotencyKey,
    expectedTotalCents: line.totalCents,
  });
}

/** A line not placed: its refusal, where it is in the paste. */
function at(line: MassOrderLineAt, refusal: Refusal): MassOrderLineResult {
  return { ...refusal, line: line.line, text: line.text };
}

function summarise(lines: MassOrderLineResult[]): MassOrderResult {
  const placed = lines.filter((line) => line.ok);
  return {
    ok: true,
    lines,
    placed: placed.length,
    refused: lines.length - placed.length,
    chargedCents: cents(placed.reduce((sum, line) => sum + line.totalCents, 0)),
  };
}

/** A short digest of the lines as read: an edited paste makes new keys, the same paste the same ones. */
function pasteDigest(lines: readonly string[]): string {
  return createHash("sha256").update(lines.join("\n")).digest("hex").slice(0, 16);
}
