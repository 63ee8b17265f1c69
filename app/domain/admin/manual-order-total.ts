import { autoOrderCost, chargeForQuantity } from "../pricing/price.ts";

/** The live total the form shows (the server computes the charge again). Null while the input is incomplete. */
export function manualOrderTotal(
  service: { serviceType: string; pricePer1000: string },
  quantity: number,
  posts: number,
): number | null {
  if (!Number.isSafeInteger(quantity) || quantity < 1) return null;
  if (service.serviceType !== "auto") return chargeForQuantity(service.pricePer1000, quantity);
  if (!Number.isSafeInteger(posts) || posts < 1) return null;
  return autoOrderCost(service.pricePer1000, quantity, posts).total;
}
