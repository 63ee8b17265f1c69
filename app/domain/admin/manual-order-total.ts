import type { Cents } from "../pricing/cents.ts";
import { autoOrderCost, chargeForQuantity, type ServiceOrderType } from "../pricing/price.ts";

/**
 * The live total the form shows (the server computes the charge again): of exactly the counts that will be sent,
 * or null while one of them is not a count that can be ordered (see orders/quantity-input.ts).
 */
export function manualOrderTotal(
  service: { serviceType: string; pricePer1000: string; orderType: ServiceOrderType },
  quantity: number | null,
  posts: number | null,
): Cents | null {
  if (quantity === null) return null;
  if (service.serviceType !== "auto") return chargeForQuantity(service, quantity);
  if (posts === null) return null;
  return autoOrderCost(service.pricePer1000, quantity, posts).total;
}
