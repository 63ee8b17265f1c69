import { type PartOutcome, WHOLE_ORDER_PART } from "../fulfilment/part-outcomes.ts";
import { type Cents, cents } from "../pricing/cents.ts";
import { partialRefund } from "../pricing/price.ts";
import { isRunPart } from "./order-types.ts";
import type { OrderStatus } from "./set-order-status.server.ts";

export type EndedPart = {
  part: string;
  outcome: PartOutcome;
  quantity: number;
  /** The part's share of the order's charge (null on submissions made before parts existed: the whole order). */
  chargeCents: Cents | null;
  /** Units the provider did not deliver (read for `partial`). */
  remains: number | null;
};

/**
 * Parts whose units are the order's own quantity (a pack's quantity is its likes, base and extra; a drip-feed
 * order's is every run's, docs/decisions/021).
 */
const PARTS_COUNTED_IN_QUANTITY = new Set([WHOLE_ORDER_PART, "likes", "extra_likes"]);
const countsInQuantity = (part: string) => PARTS_COUNTED_IN_QUANTITY.has(part) || isRunPart(part);

/**
 * The undelivered share of one ended part: nothing for completed, all of its charge for cancelled or failed,
 * charge x remains / quantity rounded down for partial (product rules 4.2, per part).
 */
export function partRefundCents(part: EndedPart, orderTotalCents: Cents): Cents {
  const charge = part.chargeCents ?? orderTotalCents;
  if (part.outcome === "completed") return cents(0);
  if (part.outcome === "partial")
    return partialRefund(charge, part.quantity, Math.min(Math.max(part.remains ?? 0, 0), part.quantity));
  return charge;
}

/** Units one ended part did not deliver: none when completed, its remains when partial, all of it otherwise. */
export function undeliveredUnits(part: Pick<EndedPart, "outcome" | "quantity" | "remains">): number {
  if (part.outcome === "completed") return 0;
  if (part.outcome === "partial") return Math.min(Math.max(part.remains ?? 0, 0), part.quantity);
  return part.quantity;
}

export type OrderEnding = { status: OrderStatus; remains?: number; refundCents?: Cents };

/**
 * How an order ends once every part has: completed when all were delivered, failed or cancelled when none was,
 * otherwise partial with the sum of the parts' undelivered shares refunded (each part refunds exactly its share).
 */
export function orderEnding(order: { totalCents: Cents }, parts: readonly EndedPart[]): OrderEnding {
  if (parts.every((part) => part.outcome === "completed")) return { status: "completed" };
  if (parts.every((part) => part.outcome === "failed")) return { status: "failed" };
  if (parts.every((part) => part.outcome === "failed" || part.outcome === "cancelled"))
    return { status: "cancelled" };
  const refundCents = parts.reduce((sum, part) => sum + partRefundCents(part, order.totalCents), 0);
  const remains = parts
    .filter((part) => countsInQuantity(part.part))
    .reduce((sum, part) => sum + undeliveredUnits(part), 0);
  return { status: "partial", remains, refundCents: cents(Math.min(refundCents, order.totalCents)) };
}
