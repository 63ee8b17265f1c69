import type { DripFeed } from "../../domain/orders/order-types.ts";
import { discountedCharge } from "../../domain/pricing/discount.ts";
import { chargeForQuantity, dripFeedCharge, type ServiceRate } from "../../domain/pricing/price.ts";

/**
 * The total of exactly what will be sent, or none while the quantity is not a count within the limits.
 * Drip-feed: runs x quantity at once (product rules 2.7); none while runs or the interval is out of its limits.
 * Less the customer's discount, as the server charges it (product rules 15.28).
 */
export function orderTotal(
  service: ServiceRate,
  quantity: number | null,
  dripFeed: DripFeed | null | "invalid",
  discountTenths: number,
): number | null {
  if (quantity === null || dripFeed === "invalid") return null;
  const listTotal = dripFeed
    ? dripFeedCharge(service.pricePer1000, quantity, dripFeed.runs).totalCents
    : chargeForQuantity(service, quantity);
  return discountedCharge(listTotal, discountTenths);
}
