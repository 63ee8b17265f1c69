import type { Cents } from "../pricing/cents.ts";
import { discountedAutoOrderCost, discountedCharge } from "../pricing/discount.ts";
import { chargeForQuantity, type ServiceOrderType } from "../pricing/price.ts";

/**
 * The live total the form shows (the server computes the charge again): of exactly the counts that will be sent,
 * or null while one of them is not a count that can be ordered (see orders/quantity-input.ts); less the customer's
 * discount (product rules 15.28).
 */
export function manualOrderTotal(
  service: { serviceType: string; pricePer1000: string; orderType: ServiceOrderType },
  quantity: number | null,
  posts: number | null,
  discountTenths: number,
): Cents | null {
  if (quantity === null) return null;
  if (service.serviceType !== "auto")
    return discountedCharge(chargeForQuantity(service, quantity), discountTenths);
  if (posts === null) return null;
  return discountedAutoOrderCost(service.pricePer1000, quantity, posts, discountTenths).total;
}
