import type { Executor } from "../../db/client.server.ts";
import { listQuickOrderServices } from "../catalog/list-quick-order-services.server.ts";
import { type ListedPlatform, platformNames } from "../catalog/platforms.ts";

export type ApiService = {
  service: string;
  name: string;
  type: "Default";
  category: string;
  rate: string;
  min: string;
  max: string;
  refill: boolean;
  cancel: boolean;
};

/** The rate as the API shows it: dollars per 1000 with at least two decimals ("4.0000" -> "4.00", "0.125" stays). */
export function apiRate(pricePer1000: string): string {
  const [whole = "0", fraction = ""] = pricePer1000.split(".");
  const trimmed = fraction.replace(/0+$/, "");
  return `${whole}.${trimmed.padEnd(2, "0")}`;
}

/** Every enabled one-time service in the standard `services` shape: the Quick Order list, as the API shows it. */
export async function listApiServices(db: Executor): Promise<ApiService[]> {
  const { all } = await listQuickOrderServices(db);
  return all.map((service) => ({
    service: service.id,
    name: service.name,
    type: "Default",
    category: platformNames[service.platform as ListedPlatform] ?? "Other",
    rate: apiRate(service.pricePer1000),
    min: String(service.minQuantity),
    max: String(service.maxQuantity),
    refill: false,
    cancel: true,
  }));
}
