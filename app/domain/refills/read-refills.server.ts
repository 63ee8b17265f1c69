import { and, desc, eq, inArray } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { refills } from "../../db/schema.ts";
import type { RefillStatus } from "./refill-status.ts";

/** A refill as its customer (a page or the API) sees it. */
export type CustomerRefill = {
  id: number;
  orderId: string;
  status: RefillStatus;
  error: string | null;
  requestedAt: Date;
  endedAt: Date | null;
};

const columns = {
  id: refills.id,
  orderId: refills.orderId,
  status: refills.status,
  error: refills.error,
  requestedAt: refills.createdAt,
  endedAt: refills.endedAt,
};

/** The customer's refills among `refillIds` (another customer's refill is simply not there). */
export async function findCustomerRefills(
  db: Executor,
  input: { userId: string; refillIds: number[] },
): Promise<Map<number, CustomerRefill>> {
  const ids = input.refillIds.filter((id) => Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647);
  if (ids.length === 0) return new Map();
  const rows = await db
    .select(columns)
    .from(refills)
    .where(and(eq(refills.userId, input.userId), inArray(refills.id, ids)));
  return new Map(rows.map((row) => [row.id, row]));
}

/** The latest refill of each of the customer's `orderIds` (for an order list's refill status and button). */
export async function latestRefillsOfOrders(
  db: Executor,
  input: { userId: string; orderIds: string[] },
): Promise<Map<string, CustomerRefill>> {
  if (input.orderIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([refills.orderId], columns)
    .from(refills)
    .where(and(eq(refills.userId, input.userId), inArray(refills.orderId, input.orderIds)))
    .orderBy(refills.orderId, desc(refills.createdAt), desc(refills.id));
  return new Map(rows.map((row) => [row.orderId, row]));
}
