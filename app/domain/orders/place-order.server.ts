import type { Database } from "../../db/client.server.ts";
import { findOrderableService } from "../catalog/find-service.server.ts";
import { chargeForQuantity } from "../pricing/price.ts";
import { AUTO_SERVICE_NOT_SUPPORTED, ORDER_TEXT } from "./messages.ts";
import { refuseChangedPrice, refuseDuringMaintenance, refuseQuantity } from "./order-rules.server.ts";
import { type PlacedOrder, recordPaidOrder } from "./record-paid-order.server.ts";
import { type Refusal, refuse } from "./refusal.ts";
import { checkTargetLink } from "./target-link.ts";

export type DeliverySpeed = "slow" | "normal" | "fast";

export type SimpleOrderInput = {
  userId: string;
  serviceId: string;
  quantity: number;
  targetLink: string;
  deliverySpeed: DeliverySpeed;
  idempotencyKey?: string;
  /** The total the customer was shown, in cents; a different server total refuses the order. */
  expectedTotalCents?: number;
  /** Set when an admin places the order for the user (manual order). */
  createdByAdminId?: string;
  adminNotes?: string;
  /** Set when a reseller places the order through the API (/api/v2); shown in the order's metadata. */
  viaApi?: boolean;
};

/** Places a one-time order for one service, priced on the server and paid from the wallet at once. */
export async function placeOrder(db: Database, input: SimpleOrderInput): Promise<PlacedOrder | Refusal> {
  const byAdmin = input.createdByAdminId !== undefined;
  const closed = await refuseDuringMaintenance(db, byAdmin);
  if (closed) return closed;
  const service = await findOrderableService(db, input.serviceId);
  if (!service) return refuse("invalid", ORDER_TEXT.serviceError, { field: "serviceId" });
  if (service.serviceType === "auto")
    return refuse("invalid", ORDER_TEXT.autoServiceInQuickFlow, {
      field: "serviceId",
      code: AUTO_SERVICE_NOT_SUPPORTED,
    });
  const badQuantity = refuseQuantity(input.quantity, service);
  if (badQuantity) return badQuantity;
  const link = checkTargetLink(input.targetLink, service);
  if (!link.ok) return refuse("invalid", link.notice, { field: "targetLink" });
  const totalCents = chargeForQuantity(service.pricePer1000, input.quantity);
  const changed = refuseChangedPrice(totalCents, input.expectedTotalCents);
  if (changed) return changed;
  return recordPaidOrder(db, {
    userId: input.userId,
    serviceId: service.id,
    serviceName: service.name,
    quantity: input.quantity,
    targetLink: link.link,
    deliverySpeed: input.deliverySpeed,
    totalCents,
    idempotencyKey: input.idempotencyKey,
    createdByAdminId: input.createdByAdminId,
    metadata: {
      service_name: service.name,
      platform: service.platform,
      ...(byAdmin ? { created_by_admin: true, manual_order: true, admin_notes: input.adminNotes ?? "" } : {}),
      ...(input.viaApi ? { via_api: true } : {}),
    },
  });
}
