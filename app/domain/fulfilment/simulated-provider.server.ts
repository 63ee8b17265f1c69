import { randomInt } from "node:crypto";
import { desc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../../db/client.server.ts";
import { services, simulatedProviderOrders, simulatedProviderRefills } from "../../db/schema.ts";
import { type Cents, cents, centsFromSql } from "../pricing/cents.ts";
import { chargeForQuantity } from "../pricing/price.ts";
import type { Transport } from "./provider-client.server.ts";

/**
 * The built-in simulated provider (development): a panel that offers the shop's own catalogue at a wholesale
 * rate, accepts orders and moves each through Pending, Processing and In progress to Completed over a few
 * minutes; some end Partial or Canceled, as real ones do. It refills a Completed or Partial order over a minute
 * or a few (Pending, In progress, Completed). It speaks the panel protocol (and honours `idempotency_key`), so
 * fulfilment goes through exactly the code path of a real provider.
 */
export function simulatedTransport(db: Database): Transport {
  return async (form) => {
    switch (form.action) {
      case "services":
        return listServices(db);
      case "add":
        return addOrder(db, form);
      case "status":
        return orderStatuses(db, (form.orders ?? form.order ?? "").split(","));
      case "cancel":
        return cancelOrders(db, (form.orders ?? "").split(","));
      case "balance":
        return balance(db);
      case "refill":
        return refillOrder(db, form.order ?? "");
      case "refill_status":
        return form.refills === undefined
          ? refillStatus(db, form.refill ?? "")
          : refillStatuses(db, form.refills.split(","));
      default:
        return { error: "Incorrect request" };
    }
  };
}

// The simulated panel sells at 60% of the shop's price, so the shop's margin looks like a real one.
// Like wholesale panels, it takes small quantities (a free trial of 2 comments fits); its maximums are the shop's.
export const SIMULATED_MIN_QUANTITY = 1;
const WHOLESALE_PERCENT = 60n;
const STARTING_BALANCE_CENTS = cents(500_000);

function wholesaleRate(pricePer1000: string): string {
  const [whole = "0", fraction = ""] = pricePer1000.split(".");
  const units = (BigInt(whole) * 10_000n + BigInt(fraction.padEnd(4, "0").slice(0, 4))) * WHOLESALE_PERCENT;
  const rate = units / 100n;
  return `${rate / 10_000n}.${String(rate % 10_000n).padStart(4, "0")}`;
}

function dollars(amount: Cents): string {
  return `${Math.trunc(amount / 100)}.${String(amount % 100).padStart(2, "0")}`;
}

async function listServices(db: Database) {
  const rows = await db.select().from(services).orderBy(services.platform, services.sortOrder);
  return rows.map((service) => ({
    service: service.slug,
    name: service.name,
    type: service.orderType === "package" ? "Package" : "Default",
    category: service.platform,
    rate: wholesaleRate(service.pricePer1000),
    min: SIMULATED_MIN_QUANTITY,
    max: service.maxQuantity,
    refill: service.refillDays !== null,
    cancel: true,
  }));
}

/** The planned life of a new order: 2 to 8 minutes; 80% complete, 12% partial, 8% cancelled. */
function plan(quantity: number) {
  const roll = randomInt(100);
  const outcome = roll < 80 ? "completed" : roll < 92 ? "partial" : "canceled";
  const undelivered =
    outcome === "partial" ? Math.max(1, Math.floor((quantity * randomInt(10, 60)) / 100)) : 0;
  return { outcome, undelivered, durationSeconds: randomInt(120, 480), startCount: randomInt(50, 5_000) };
}

async function addOrder(db: Database, form: Record<string, string>) {
  const quantity = Number(form.quantity);
  const key = form.idempotency_key?.trim() || null;
  if (!form.link?.trim()) return { error: "Incorrect link" };
  const [service] = await db
    .select()
    .from(services)
    .where(eq(services.slug, form.service ?? ""));
  if (!service) return { error: "Incorrect service ID" };
  if (!Number.isSafeInteger(quantity) || quantity < SIMULATED_MIN_QUANTITY || quantity > service.maxQuantity)
    return { error: `Quantity must be between ${SIMULATED_MIN_QUANTITY} and ${service.maxQuantity}` };
  const chargeCents = cents(
    Number((BigInt(chargeForQuantity(service, quantity)) * WHOLESALE_PERCENT) / 100n),
  );
  const [created] = await db
    .insert(simulatedProviderOrders)
    .values({
      service: service.slug,
      link: form.link,
      quantity,
      idempotencyKey: key,
      chargeCents,
      ...plan(quantity),
    })
    .onConflictDoNothing({ target: simulatedProviderOrders.idempotencyKey })
    .returning({ id: simulatedProviderOrders.id });
  if (created) return { order: created.id };
  // The same key again: the first order, charged once.
  const [first] = await db
    .select({ id: simulatedProviderOrders.id })
    .from(simulatedProviderOrders)
    .where(eq(simulatedProviderOrders.idempotencyKey, key ?? ""));
  return first ? { order: first.id } : { error: "Order could not be placed" };
}

type SimulatedOrder = typeof simulatedProviderOrders.$inferSelect;

/** Where an order is in its planned life at `now`. */
export function simulatedStatus(order: SimulatedOrder, now: Date) {
  const share = Math.max(0, (now.getTime() - order.createdAt.getTime()) / 1000 / order.durationSeconds);
  const base = { charge: dollars(order.chargeCents), start_count: String(order.startCount), currency: "USD" };
  if (order.cancelledAt || (order.outcome === "canceled" && share >= 0.15))
    return { ...base, charge: "0.00", status: "Canceled", remains: String(order.quantity) };
  if (share < 0.1) return { ...base, status: "Pending", remains: String(order.quantity) };
  if (share < 0.25) return { ...base, status: "Processing", remains: String(order.quantity) };
  if (share < 1) {
    const delivered = Math.floor(((order.quantity - order.undelivered) * (share - 0.25)) / 0.75);
    return { ...base, status: "In progress", remains: String(order.quantity - delivered) };
  }
  if (order.outcome === "partial") {
    const kept = cents(
      Math.floor((order.chargeCents * (order.quantity - order.undelivered)) / order.quantity),
    );
    return { ...base, charge: dollars(kept), status: "Partial", remains: String(order.undelivered) };
  }
  return { ...base, status: "Completed", remains: "0" };
}

function orderIds(list: string[]): number[] {
  return list.map((id) => Number(id.trim())).filter((id) => Number.isSafeInteger(id) && id > 0);
}

async function orderStatuses(db: Database, list: string[]) {
  const ids = orderIds(list).slice(0, 100);
  const rows = ids.length
    ? await db.select().from(simulatedProviderOrders).where(inArray(simulatedProviderOrders.id, ids))
    : [];
  const now = new Date();
  const byId = new Map(rows.map((row) => [row.id, row]));
  return Object.fromEntries(
    list.slice(0, 100).map((raw) => {
      const row = byId.get(Number(raw.trim()));
      return [raw.trim(), row ? simulatedStatus(row, now) : { error: "Incorrect order ID" }];
    }),
  );
}

async function cancelOrders(db: Database, list: string[]) {
  const ids = orderIds(list).slice(0, 100);
  // Only orders that have not started yet can be cancelled, as on real panels.
  const cancelled = ids.length
    ? await db
        .update(simulatedProviderOrders)
        .set({ cancelledAt: sql`now()` })
        .where(
          sql`${inArray(simulatedProviderOrders.id, ids)} and ${simulatedProviderOrders.cancelledAt} is null
            and now() < ${simulatedProviderOrders.createdAt} + make_interval(secs => ${simulatedProviderOrders.durationSeconds} * 0.1)`,
        )
        .returning({ id: simulatedProviderOrders.id })
    : [];
  const done = new Set(cancelled.map((row) => row.id));
  return ids.map((id) => ({ order: id, cancel: done.has(id) ? 1 : { error: "Order can't be canceled" } }));
}

async function balance(db: Database) {
  const [spent] = await db
    .select({ cents: sql<string>`coalesce(sum(${simulatedProviderOrders.chargeCents}), 0)` })
    .from(simulatedProviderOrders)
    .where(
      sql`${simulatedProviderOrders.cancelledAt} is null and ${simulatedProviderOrders.outcome} <> 'canceled'`,
    );
  return {
    balance: dollars(cents(Math.max(0, STARTING_BALANCE_CENTS - centsFromSql(spent?.cents ?? 0)))),
    currency: "USD",
  };
}

/** A refill's planned life: Pending for its first fifth, then In progress, then Completed. */
export function simulatedRefillStatus(
  refill: { createdAt: Date; durationSeconds: number },
  now: Date,
): string {
  const share = (now.getTime() - refill.createdAt.getTime()) / 1000 / refill.durationSeconds;
  return share < 0.2 ? "Pending" : share < 1 ? "In progress" : "Completed";
}

/** `refill` of one order: only an order that ended delivered (Completed or Partial); an open refill answers again. */
async function refillOrder(db: Database, raw: string) {
  const [id] = orderIds([raw]);
  const [order] = id
    ? await db.select().from(simulatedProviderOrders).where(eq(simulatedProviderOrders.id, id))
    : [];
  if (!order) return { error: "Incorrect order ID" };
  const now = new Date();
  const { status } = simulatedStatus(order, now);
  if (status !== "Completed" && status !== "Partial")
    return { error: "Refill is not available for this order" };
  const [latest] = await db
    .select()
    .from(simulatedProviderRefills)
    .where(eq(simulatedProviderRefills.orderId, order.id))
    .orderBy(desc(simulatedProviderRefills.createdAt), desc(simulatedProviderRefills.id))
    .limit(1);
  if (latest && simulatedRefillStatus(latest, now) !== "Completed") return { refill: String(latest.id) };
  const [created] = await db
    .insert(simulatedProviderRefills)
    .values({ orderId: order.id, durationSeconds: randomInt(60, 240) })
    .returning({ id: simulatedProviderRefills.id });
  return created ? { refill: String(created.id) } : { error: "Refill could not be created" };
}

async function refillRows(db: Database, list: string[]) {
  const ids = orderIds(list).slice(0, 100);
  const rows = ids.length
    ? await db.select().from(simulatedProviderRefills).where(inArray(simulatedProviderRefills.id, ids))
    : [];
  return new Map(rows.map((row) => [row.id, row]));
}

async function refillStatus(db: Database, raw: string) {
  const row = (await refillRows(db, [raw])).get(Number(raw.trim()));
  return row ? { status: simulatedRefillStatus(row, new Date()) } : { error: "Refill not found" };
}

async function refillStatuses(db: Database, list: string[]) {
  const byId = await refillRows(db, list);
  const now = new Date();
  return list.slice(0, 100).map((raw) => {
    const row = byId.get(Number(raw.trim()));
    return {
      refill: Number(raw.trim()) || raw.trim(),
      status: row ? simulatedRefillStatus(row, now) : { error: "Refill not found" },
    };
  });
}
