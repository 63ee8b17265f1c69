import { eq } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { orders } from "../../db/schema.ts";
import { closePart, partsOfOrder } from "../fulfilment/close-parts.server.ts";
import type { EndedPartReport, PartOutcome } from "../fulfilment/part-outcomes.ts";
import type { Cents } from "../pricing/cents.ts";
import type { Refusal } from "../refusal.ts";
import { type EndedPart, orderEnding, undeliveredUnits } from "./order-ending.ts";
import { isRunPart } from "./order-types.ts";
import { type OrderStatus, type StatusChange, setOrderStatus } from "./set-order-status.server.ts";

const PROGRESS: readonly OrderStatus[] = ["pending", "processing", "in_progress"];

/**
 * Moves an order forward to a progress status one of its parts reported (pending, processing, in progress),
 * never back: with several parts, the order shows the most advanced one. Only while a part is still open here: not
 * once an admin took it over (product rules 14.4), when a poll that read the provider's answer before the override
 * applies it after, to nothing.
 */
export async function advanceOrder(db: Executor, orderId: string, status: OrderStatus): Promise<void> {
  const rank = PROGRESS.indexOf(status);
  if (rank <= 0) return;
  await db.transaction(async (tx) => {
    // Under the order's lock, which an override holds while it closes the parts: none open, nothing to follow.
    await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId)).for("no key update");
    if ((await partsOfOrder(tx, orderId)).every((part) => part.done)) return;
    await setOrderStatus(tx, { orderId, status, onlyFrom: PROGRESS.slice(0, rank) });
  });
}

export type ClosedPart = { note: string | null };

/**
 * Records how one part of an order ended and, when it was the last part still open, ends the order from all of
 * them (order-ending.ts): one transaction under the order's lock, so parts ending at the same moment end the
 * order once, and the same answer applied twice closes the part once (null the second time).
 */
export async function closeOrderPart(db: Executor, input: EndedPartReport): Promise<ClosedPart | null> {
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, input.orderId)).for("update");
    if (!order) return null;
    if (!(await closePart(tx, input))) return null;
    const ending = await endOrderWhenAllPartsEnded(tx, order);
    if (ending === "undecided") {
      if (order.runs !== null) await countRunsDelivered(tx, order.id);
      // A part delivered while others go on (a run, a pack's other line): the order is under way, even when its
      // provider went from Pending to Completed between two polls and never said "In progress".
      if ((input.outcome === "completed" || input.outcome === "partial") && PROGRESS.includes(order.status)) {
        await setOrderStatus(tx, {
          orderId: order.id,
          status: "in_progress",
          onlyFrom: ["pending", "processing"],
        });
      }
    }
    if (ending === "undecided" || ending.ok) return { note: null };
    return { note: ending.message || ending.title || "" };
  });
}

/**
 * A running order of runs (drip-feed or paced, product rules 4.21) shows its progress run by run: its remains are
 * the units of the runs not ended yet plus what the ended runs did not deliver, so /orders and the API's `status`
 * (`remains`, `runs`) move as each run ends, not only when the last one does.
 */
async function countRunsDelivered(tx: Executor, orderId: string): Promise<void> {
  const parts = (await partsOfOrder(tx, orderId)).filter((part) => isRunPart(part.part));
  const remains = parts.reduce(
    (sum, part) =>
      sum +
      (part.done && part.outcome !== null
        ? undeliveredUnits({ ...part, outcome: part.outcome })
        : part.quantity),
    0,
  );
  await tx.update(orders).set({ remains }).where(eq(orders.id, orderId));
}

/**
 * Ends an order (under its lock, held by the caller) from its parts once none is still with a provider.
 * "undecided": a part is still open, the order has no parts, or a part was closed without an outcome (resolved
 * by an admin, who then decides the order's status).
 */
export async function endOrderWhenAllPartsEnded(
  tx: Executor,
  order: { id: string; status: OrderStatus; totalCents: Cents },
  adminId?: string,
): Promise<StatusChange | Refusal | "undecided"> {
  const parts = await partsOfOrder(tx, order.id);
  if (parts.length === 0 || parts.some((part) => !part.done || part.outcome === null)) return "undecided";
  const ended: EndedPart[] = parts.map((part) => ({
    part: part.part,
    outcome: part.outcome as PartOutcome,
    quantity: part.quantity,
    chargeCents: part.chargeCents,
    remains: part.remains,
  }));
  return setOrderStatus(tx, { orderId: order.id, adminId, ...orderEnding(order, ended) });
}
