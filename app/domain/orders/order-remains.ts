/**
 * Units of an order not delivered, as the customer's order list and the API's `remains` report them: none once
 * completed, the reported remains of a partial order (held within the quantity, product rules 4.2), and otherwise
 * the whole quantity (nothing is counted as delivered before the order ends) unless an admin corrected the remains
 * of the running order (product rules 14.5).
 */
export function orderRemains(order: { status: string; quantity: number; remains: number | null }): number {
  if (order.status === "completed") return 0;
  if (order.status === "partial") return Math.min(order.remains ?? 0, order.quantity);
  if (order.status === "cancelled" || order.status === "failed") return order.quantity;
  return Math.min(order.remains ?? order.quantity, order.quantity);
}
