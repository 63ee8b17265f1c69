import { and, inArray, like } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { fulfilments } from "../../db/schema.ts";
import type { PartOutcome } from "./part-outcomes.ts";

/** One run of a drip-feed or paced order as its submission stands (docs/decisions/021, 047). */
export type RunPart = {
  /** The run's number, 1-based. */
  run: number;
  quantity: number;
  done: boolean;
  /** Sent and not ended: the provider has it. */
  sent: boolean;
  outcome: PartOutcome | null;
  /** Units the provider reported as not delivered (read once the run ended). */
  remains: number | null;
};

/** The runs of the given orders, by order id, each in run order; orders without runs are absent. */
export async function readRunParts(db: Executor, orderIds: string[]): Promise<Map<string, RunPart[]>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({
      orderId: fulfilments.orderId,
      part: fulfilments.part,
      quantity: fulfilments.quantity,
      state: fulfilments.state,
      outcome: fulfilments.outcome,
      remains: fulfilments.upstreamRemains,
    })
    .from(fulfilments)
    .where(and(inArray(fulfilments.orderId, orderIds), like(fulfilments.part, "run-%")));
  const runs = new Map<string, RunPart[]>();
  for (const row of rows) {
    if (!row.orderId) continue;
    const list = runs.get(row.orderId) ?? [];
    list.push({
      run: Number(row.part.slice("run-".length)),
      quantity: row.quantity,
      done: row.state === "done",
      sent: row.state === "submitted" || row.state === "submitting",
      outcome: row.outcome as PartOutcome | null,
      remains: row.remains,
    });
    runs.set(row.orderId, list);
  }
  for (const list of runs.values()) list.sort((a, b) => a.run - b.run);
  return runs;
}
