import type { Cents } from "./cents.ts";
import { chargeForQuantity, type ServiceRate } from "./price.ts";

/** A one-time service as a from-price sees it: its rate and the smallest quantity it takes. */
export type SmallestOrder = ServiceRate & { minQuantity: number };

/**
 * The from-price every page quotes (product rules 7.9): the least a customer can pay for one order of these
 * services or packs, each service at its minimum quantity through `chargeForQuantity` (so a Package counts its
 * one package) and each pack at its price; null when there is nothing to order.
 */
export function fromPrice(services: readonly SmallestOrder[], packs: readonly Cents[] = []): Cents | null {
  const charges = [...services.map((service) => chargeForQuantity(service, service.minQuantity)), ...packs];
  if (charges.length === 0) return null;
  return charges.reduce((least, charge) => (charge < least ? charge : least));
}
