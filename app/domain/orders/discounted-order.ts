import type { DeliveryPart } from "../fulfilment/order-delivery-sql.server.ts";
import type { Cents } from "../pricing/cents.ts";
import { discountedCharge, discountedShares } from "../pricing/discount.ts";

/**
 * An order priced at list prices, with the customer's discount applied to its one charge (product rules 15.28):
 * the total discounted, and its parts (drip-feed or paced runs, a pack's lines), if it has any, sharing that total
 * in proportion to their list charges, adding up to it exactly. No discount changes nothing.
 */
export function discountOrder<Order extends { totalCents: Cents; parts?: DeliveryPart[] }>(
  order: Order,
  discountTenths: number,
): Order {
  if (discountTenths === 0) return order;
  if (!order.parts) return { ...order, totalCents: discountedCharge(order.totalCents, discountTenths) };
  const { totalCents, shares } = discountedShares(
    order.parts.map((part) => part.chargeCents),
    discountTenths,
  );
  const parts = order.parts.map((part, index) => ({
    ...part,
    chargeCents: shares[index] ?? part.chargeCents,
  }));
  return { ...order, totalCents, parts };
}
