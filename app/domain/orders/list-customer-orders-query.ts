import { z } from "zod";
import { ADMIN_ORDER_STATUSES } from "./order-status-labels.ts";

/** Orders per page of the customer's /orders list. */
export const CUSTOMER_ORDERS_PAGE_SIZE = 10;

/** The longest search the list takes (an order number or a piece of a link). */
export const CUSTOMER_ORDERS_SEARCH_MAX_LENGTH = 200;

/**
 * The /orders URL query: page, search and one stored status (product rules 4.1). Anything unexpected falls back
 * to the first page of every order rather than an error page.
 */
export const customerOrdersQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).optional().catch(undefined),
  q: z.string().trim().max(CUSTOMER_ORDERS_SEARCH_MAX_LENGTH).optional().catch(undefined),
  status: z.enum(ADMIN_ORDER_STATUSES).optional().catch(undefined),
});
export type CustomerOrdersQuery = z.output<typeof customerOrdersQuery>;
