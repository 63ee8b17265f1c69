import type { Database } from "../../db/client.server.ts";
import { findLikesPack, findLikesPackById, type LikesPack } from "../catalog/find-likes-pack.server.ts";
import { findOrderableServiceBySlug } from "../catalog/find-service.server.ts";
import { LIKES_PACK_SERVICES } from "../catalog/likes-pack-services.ts";
import { likesPackProductName } from "../catalog/product-name.ts";
import type { DeliveryPart } from "../fulfilment/order-delivery-sql.server.ts";
import type { Cents } from "../pricing/cents.ts";
import { type PackCommentCount, type PackPart, priceLikesPack } from "../pricing/likes-pack.ts";
import { type Refusal, refuse } from "../refusal.ts";
import { discountHolds, readCustomerDiscount } from "./customer-discount.server.ts";
import { discountOrder } from "./discounted-order.ts";
import { ORDER_TEXT } from "./messages.ts";
import type { OrderAuthorisation } from "./order-guard.server.ts";
import { refuseChangedPrice, refuseDuringMaintenance } from "./order-rules.server.ts";
import type { DeliverySpeed } from "./place-order.server.ts";
import { type PlacedOrder, recordGuardedOrder, recordPaidOrder } from "./record-paid-order.server.ts";
import { checkTargetLink } from "./target-link.ts";

export type PackOrderInput = {
  userId: string;
  packCode: string;
  targetLink: string;
  deliverySpeed: DeliverySpeed;
  extraLikes: boolean;
  extraViews: boolean;
  comments: PackCommentCount;
  idempotencyKey?: string;
  expectedTotalCents?: Cents;
};

const { likes: LIKES, views: VIEWS, comments: COMMENTS } = LIKES_PACK_SERVICES;

/** Places a Real Instagram Likes pack order with its add-ons, priced on the server, paid at once. */
export function placePackOrder(db: Database, input: PackOrderInput): Promise<PlacedOrder | Refusal> {
  return placeLikesPack(db, input, findLikesPack(db, input.packCode));
}

export type PackageOrderInput = {
  userId: string;
  /** The pack's id (likes_packs.id). */
  packId: string;
  targetLink: string;
  idempotencyKey?: string;
  /** The reseller API's key checks, run by the order statement (see reseller/api-key-guard.server.ts). */
  viaApi?: OrderAuthorisation;
};

/**
 * A Package order (the panels' order type, docs/decisions/021): a likes pack by its id with a link only, no
 * add-ons; the same order, price and delivery as the storefront's pack order.
 */
export function placePackageOrder(db: Database, input: PackageOrderInput): Promise<PlacedOrder | Refusal> {
  return placeLikesPack(
    db,
    {
      userId: input.userId,
      packCode: "",
      targetLink: input.targetLink,
      deliverySpeed: "normal",
      extraLikes: false,
      extraViews: false,
      comments: 0,
      idempotencyKey: input.idempotencyKey,
    },
    findLikesPackById(db, input.packId),
    input.viaApi,
  );
}

/** Fresh reads of the customer's discount a pack order is priced on after the statement found it changed. */
const DISCOUNT_READS = 3;

async function placeLikesPack(
  db: Database,
  input: PackOrderInput,
  findPack: Promise<LikesPack | null>,
  viaApi?: OrderAuthorisation,
): Promise<PlacedOrder | Refusal> {
  const closed = await refuseDuringMaintenance(db, false);
  if (closed) return closed;
  // The customer's discount is read fresh, as the services are (no cached read to confirm).
  const [pack, likes, views, comments, firstDiscount] = await Promise.all([
    findPack,
    findOrderableServiceBySlug(db, LIKES),
    findOrderableServiceBySlug(db, VIEWS),
    findOrderableServiceBySlug(db, COMMENTS),
    readCustomerDiscount(db, input.userId),
  ]);
  if (!pack) return refuse("invalid", ORDER_TEXT.serviceError, { field: "packCode" });
  if (!likes) return refuse("unavailable", ORDER_TEXT.likesServiceUnavailable);
  const link = checkTargetLink(input.targetLink, likes);
  if (!link.ok) return { ...link, field: "targetLink" };
  const priced = priceLikesPack(
    pack,
    { extraLikes: input.extraLikes, extraViews: input.extraViews, comments: input.comments },
    {
      likes: likes.pricePer1000,
      views: views?.pricePer1000 ?? null,
      comments: comments?.pricePer1000 ?? null,
    },
  );
  if (!priced) return refuse("unavailable", ORDER_TEXT.serviceError);
  const name = likesPackProductName(pack.name);
  // Each line goes upstream as its own submission, as the Instagram service it is priced from.
  const deliveredAs: Record<PackPart, string | undefined> = {
    likes: likes.id,
    extra_likes: likes.id,
    views: views?.id,
    comments: comments?.id,
  };
  const listed = {
    totalCents: priced.totalCents,
    parts: priced.lines.map(
      (line): DeliveryPart => ({
        part: line.part,
        serviceId: deliveredAs[line.part] ?? likes.id,
        quantity: line.quantity,
        chargeCents: line.total_cents,
      }),
    ),
  };
  for (let attempt = 0; attempt < DISCOUNT_READS; attempt++) {
    const discountTenths = attempt === 0 ? firstDiscount : await readCustomerDiscount(db, input.userId);
    const { totalCents, parts } = discountOrder(listed, discountTenths);
    const changed = refuseChangedPrice(totalCents, input.expectedTotalCents);
    if (changed) return changed;
    const draft = {
      userId: input.userId,
      serviceId: likes.id,
      serviceName: name,
      likesPackId: pack.id,
      quantity: priced.likes,
      targetLink: link.link,
      deliverySpeed: input.deliverySpeed,
      totalCents,
      discountTenths,
      idempotencyKey: input.idempotencyKey,
      metadata: {
        service_name: name,
        platform: "instagram",
        // Each line with its share of the charge, as charged (the discount's share included).
        services: priced.lines.map((line, index) => ({
          ...line,
          total_cents: parts[index]?.chargeCents ?? line.total_cents,
        })),
        ...(viaApi ? { via_api: true } : {}),
      },
      parts,
    };
    // Through the API the statement also runs the key's checks; the service was read fresh just above.
    const recorded = viaApi
      ? await recordGuardedOrder(db, draft, { service: likes, shopMustBeOpen: true, authorisation: viaApi })
      : await recordPaidOrder(db, draft);
    if (!("guardFailed" in recorded)) return recorded;
    // The discount changed: price it again. Else the service did (the API's guard): refused, to be retried.
    if (await discountHolds(db, input.userId, discountTenths)) break;
  }
  return refuse("conflict", ORDER_TEXT.orderFailed);
}
