import type { Database } from "../../db/client.server.ts";
import { formatExactRate } from "../../lib/format-money.ts";
import type { ChangeAnswer } from "../admin-form.ts";
import { saveService, serviceRefused } from "../catalog/save-service.server.ts";
import type { ServiceInput } from "../catalog/service-form.ts";
import { readServiceMargins, type ServiceMargin } from "../fulfilment/provider-costs.server.ts";

/**
 * Why a price is not set: below what the service's provider charges for it ("below its cost of $3.0000"), known
 * costs only, as the services list shows them; null when it may be set. An order below cost is refused anyway
 * (product rules 13.12), so such a price would only make the service unsellable.
 */
export function belowCostReason(margin: ServiceMargin | undefined): string | null {
  return margin?.kind === "known" && margin.margin.startsWith("-")
    ? `below its cost of ${formatExactRate(margin.costPer1000)}`
    : null;
}

/**
 * The service form's save (product rules 13.30, 14.34): a price below the known cost of the provider the service
 * is mapped to is refused beside the price, as the bulk price change refuses it; anything else is saveService's.
 */
export async function saveServiceAboveCost(
  db: Database,
  input: { adminId: string; serviceId?: string; service: ServiceInput },
): Promise<ChangeAnswer> {
  if (input.serviceId) {
    const margins = await readServiceMargins(db, [
      { id: input.serviceId, pricePer1000: input.service.pricePer1000 },
    ]);
    const reason = belowCostReason(margins[input.serviceId]);
    if (reason) return serviceRefused("update", { pricePer1000: `The price is ${reason}.` });
  }
  return saveService(db, input);
}
