import type { Executor } from "../../db/client.server.ts";
import { listLikesPacks } from "../catalog/list-likes-packs.server.ts";
import { listTickets } from "../tickets/list-tickets.server.ts";
import { listRecentTransactions } from "../wallet/list-transactions.server.ts";
import { countActivity } from "./count-activity.server.ts";
import { listAutoOrders } from "./list-auto-orders.server.ts";
import { listOrderChoices, listRecentOrders } from "./list-recent-orders.server.ts";

/** One part of the dashboard: its data, or the fact that it could not be read (the page shows the rest). */
export type Section<T> = { loaded: true; data: T } | { loaded: false; error: string };

async function section<T>(name: string, read: () => Promise<T>): Promise<Section<T>> {
  try {
    return { loaded: true, data: await read() };
  } catch (error) {
    console.error(`dashboard: could not read ${name}:`, error);
    return { loaded: false, error: `Could not load ${name}. Please try again.` };
  }
}

/** Customer spec section 9: the dashboard lists 10 recent orders and 20 recent transactions. */
export const DASHBOARD_ORDERS = 10;
export const DASHBOARD_TRANSACTIONS = 20;

/** Everything the customer's dashboard shows, each part read on its own so one failure does not blank the page. */
export async function readDashboard(db: Executor, userId: string) {
  const [counts, packs, orders, transactions, autoOrders, tickets, orderChoices] = await Promise.all([
    section("your totals", () => countActivity(db, userId)),
    section("popular services", () => listLikesPacks(db)),
    section("your orders", () => listRecentOrders(db, userId, DASHBOARD_ORDERS)),
    section("your transactions", () => listRecentTransactions(db, { userId, limit: DASHBOARD_TRANSACTIONS })),
    section("your auto orders", () => listAutoOrders(db, userId)),
    section("your tickets", () => listTickets(db, userId)),
    section("your orders", () => listOrderChoices(db, userId)),
  ]);
  return { counts, packs, orders, transactions, autoOrders, tickets, orderChoices };
}
