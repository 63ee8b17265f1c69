import type { Executor } from "../../db/client.server.ts";
import { formatServiceName } from "../catalog/product-name.ts";
import { findServiceForOrder } from "../catalog/service-cache.server.ts";
import type { Cents } from "../pricing/cents.ts";
import { type Refusal, refuse } from "../refusal.ts";
import { findDiscountForOrder } from "./customer-discount.server.ts";
import { isPacedSpeed } from "./delivery-pace.ts";
import { discountOrder } from "./discounted-order.ts";
import { AUTO_SERVICE_NOT_SUPPORTED, ORDER_TEXT } from "./messages.ts";
import type { OrderAuthorisation } from "./order-guard.server.ts";
import { orderOrigin } from "./order-origin.ts";
import { PRICE_CHANGED, refuseChangedPrice, refuseDuringMaintenance } from "./order-rules.server.ts";
import { draftTypedOrder } from "./order-type-draft.server.ts";
import type { DripFeed } from "./order-types.ts";
import { type PlacedOrder, recordGuardedOrder } from "./record-paid-order.server.ts";
import { checkTargetLink } from "./target-link.ts";

/** A refusal decided on cached reads (limits, link kind, the expected total): confirmed on fresh ones. */
function decidedOnReads(refusal: Refusal): boolean {
  return refusal.kind === "invalid" || refusal.code === PRICE_CHANGED;
}

export type DeliverySpeed = "slow" | "normal" | "fast";

export type SimpleOrderInput = {
  userId: string;
  serviceId: string;
  quantity: number;
  targetLink: string;
  deliverySpeed: DeliverySpeed;
  /**
   * Set by the order page, where the customer chooses the speed: a Slow or Normal order is then spread over its
   * speed's days (product rules 4.20). Elsewhere no speed is offered (the API, mass order, Quick Order) and the
   * order is sent at once.
   */
  paceBySpeed?: boolean;
  idempotencyKey?: string;
  /** The total the customer was shown, in cents; a different server total refuses the order. */
  expectedTotalCents?: Cents;
  /** Set when an admin places the order for the user (manual order). */
  createdByAdminId?: string;
  adminNotes?: string;
  /**
   * Set when a reseller places the order through the API (/api/v2): the key's checks, which the order statement
   * runs (see reseller/api-key-guard.server.ts). Such orders are marked in their metadata.
   */
  viaApi?: OrderAuthorisation;
  /**
   * Set when a storefront form places the order on a session read from this process's short cache: the order
   * statement re-checks that the session still holds (accounts/session-authorisation.server.ts).
   */
  signedIn?: OrderAuthorisation;
  /**
   * Drip-feed (docs/decisions/021), on a service that allows it: `quantity` is then each run's, and runs x
   * quantity is charged at once.
   */
  dripFeed?: DripFeed;
  /** A custom comments order's comments (one per line, blank lines dropped: commentLines); quantity = their count. */
  comments?: readonly string[];
};

/**
 * Places a one-time order for one service, priced on the server (less the customer's discount, product rules
 * 15.28) and paid from the wallet at once. The service, the discount and the maintenance switch may come from
 * this process's short caches; the charge happens only if they still hold in the database, else the order is
 * checked again on fresh reads (nothing was charged in between).
 */
export async function placeOrder(db: Executor, input: SimpleOrderInput): Promise<PlacedOrder | Refusal> {
  const cached = await placeCheckedOrder(db, input, { fresh: false });
  if (cached !== "guard_failed" && (cached.ok || !decidedOnReads(cached))) return cached;
  // A fresh read may still miss a change that commits while it is read (a sync repricing a service: product rules
  // 13.12): the next read sees it, so an order racing one change pays the old price or the new one.
  for (let attempt = 0; attempt < FRESH_READS; attempt++) {
    const fresh = await placeCheckedOrder(db, input, { fresh: true });
    if (fresh !== "guard_failed") return fresh;
  }
  // Changed again and again within one request (an admin editing the service right now): ask to retry.
  return refuse("conflict", ORDER_TEXT.orderFailed);
}

/** Fresh reads an order is checked on after its cached read no longer held. */
const FRESH_READS = 2;

async function placeCheckedOrder(
  db: Executor,
  input: SimpleOrderInput,
  reads: { fresh: boolean },
): Promise<PlacedOrder | Refusal | "guard_failed"> {
  const byAdmin = input.createdByAdminId !== undefined;
  const closed = await refuseDuringMaintenance(db, byAdmin, { rechecked: !reads.fresh });
  if (closed) return closed;
  const [service, discountTenths] = await Promise.all([
    findServiceForOrder(db, input.serviceId, reads),
    findDiscountForOrder(db, input.userId, reads),
  ]);
  if (!service)
    return refuse("invalid", ORDER_TEXT.serviceError, { field: "serviceId", code: "unknown_service" });
  if (service.serviceType === "auto")
    return refuse("invalid", ORDER_TEXT.autoServiceInQuickFlow, {
      field: "serviceId",
      code: AUTO_SERVICE_NOT_SUPPORTED,
    });
  const pace = input.paceBySpeed && isPacedSpeed(input.deliverySpeed) ? input.deliverySpeed : undefined;
  const listed = draftTypedOrder(service, { ...input, pace });
  if ("ok" in listed) return listed;
  const typed = discountOrder(listed, discountTenths);
  const link = checkTargetLink(input.targetLink, service);
  if (!link.ok) return { ...link, field: "targetLink" };
  const { totalCents } = typed;
  const changed = refuseChangedPrice(totalCents, input.expectedTotalCents);
  if (changed) return changed;
  const recorded = await recordGuardedOrder(
    db,
    {
      userId: input.userId,
      serviceId: service.id,
      serviceName: formatServiceName(service.name),
      quantity: typed.quantity,
      targetLink: link.link,
      deliverySpeed: input.deliverySpeed,
      totalCents,
      discountTenths,
      idempotencyKey: input.idempotencyKey,
      createdByAdminId: input.createdByAdminId,
      metadata: { ...orderOrigin(service, input), ...(input.viaApi ? { via_api: true } : {}) },
      parts: typed.parts,
      dripFeed: typed.dripFeed,
      paced: typed.pacedBy !== undefined,
      comments: typed.comments,
    },
    { service, shopMustBeOpen: !byAdmin, authorisation: input.viaApi ?? input.signedIn },
  );
  return "guardFailed" in recorded ? "guard_failed" : recorded;
}
