/**
 * Units of an order not delivered, as the customer's order list and the API's `remains` report them: none once
 * completed, the reported remains of a partial order (held within the quantity, product rules 4.2), and the whole
 * quantity otherwise (nothing is counted as delivered before the order ends).
 */
export function orderRemains(order: { status: string; quantity: number; remains: number | null }): number {
  if (order.status === "completed") return 0;
  if (order.status === "partial") return Math.min(order.remains ?? 0, order.quantity);
  return order.quantity;
}
