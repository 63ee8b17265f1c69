import type { Executor } from "../../db/client.server.ts";
import type { Cents } from "../pricing/cents.ts";
import { type Refusal, refuse } from "../refusal.ts";
import { readSettingsCached } from "../settings/read-settings.server.ts";
import { invalidQuantity, ORDER_TEXT, priceChanged } from "./messages.ts";

/**
 * New storefront orders are refused while the shop is in maintenance (admin orders go on). With
 * `rechecked` (the caller's statement re-checks maintenance in the database), this process's one-second settings
 * cache may answer "open"; a "closed" answer is always read afresh before refusing.
 */
export async function refuseDuringMaintenance(
  db: Executor,
  byAdmin: boolean,
  options: { rechecked?: boolean } = {},
): Promise<Refusal | null> {
  if (byAdmin) return null;
  if (options.rechecked && !(await readSettingsCached(db)).maintenanceMode) return null;
  const settings = await readSettingsCached(db, { fresh: true });
  return settings.maintenanceMode ? refuse("unavailable", ORDER_TEXT.maintenance) : null;
}

/** A whole quantity within the service's limits, else the spec's 'Invalid quantity'. */
export function refuseQuantity(
  quantity: number,
  service: { minQuantity: number; maxQuantity: number },
): Refusal | null {
  if (Number.isSafeInteger(quantity) && quantity >= service.minQuantity && quantity <= service.maxQuantity)
    return null;
  // The code and the limit let the reseller API answer in the panels' words (docs/decisions/020).
  const below = !(quantity >= service.minQuantity);
  return refuse("invalid", invalidQuantity(service.minQuantity, service.maxQuantity), {
    field: "quantity",
    code: below ? "quantity_below_min" : "quantity_above_max",
    quantityLimit: below ? service.minQuantity : service.maxQuantity,
  });
}

/** The code of a refused changed price: a conflict the API answers with its own code (product rules 1.2). */
export const PRICE_CHANGED = "price_changed";

/** The total the customer saw must be the server's total, else nothing is charged (product rules 1.2). */
export function refuseChangedPrice(totalCents: Cents, expectedTotalCents: Cents | undefined): Refusal | null {
  if (expectedTotalCents === undefined || expectedTotalCents === totalCents) return null;
  return refuse("conflict", priceChanged(totalCents), { code: PRICE_CHANGED, totalCents });
}
