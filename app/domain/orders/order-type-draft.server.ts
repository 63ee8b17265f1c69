import type { DeliveryPart } from "../fulfilment/order-delivery-sql.server.ts";
import type { Cents } from "../pricing/cents.ts";
import { chargeForQuantity, dripFeedCharge, pacedRunCharges } from "../pricing/price.ts";
import { type Refusal, refuse } from "../refusal.ts";
import { PACE_TEXT, type PacedSpeed, paceOrder } from "./delivery-pace.ts";
import { refuseQuantity } from "./order-rules.server.ts";
import {
  COMMENT_MAX_LENGTH,
  type DripFeed,
  isValidInterval,
  isValidRuns,
  MAX_ORDER_UNITS,
  ORDER_TYPE_TEXT,
  PACKAGE_QUANTITY,
  runPart,
  type ServiceOrderType,
} from "./order-types.ts";

/** What an order's type needs of its service. */
export type TypedService = {
  id: string;
  pricePer1000: string;
  minQuantity: number;
  maxQuantity: number;
  orderType: ServiceOrderType;
  dripfeed: boolean;
};

/** The order as its type makes it: its units, its one charge and, for a drip-feed order, its runs as parts. */
export type TypedOrder = {
  /** Units of the whole order (a drip-feed order: runs x the quantity of one run). */
  quantity: number;
  totalCents: Cents;
  parts?: DeliveryPart[];
  dripFeed?: DripFeed;
  /** Set when a delivery speed paces the order (product rules 4.20): its runs are then the pace's. */
  pacedBy?: PacedSpeed;
  /** A custom comments order's comments, one per line. */
  comments?: string;
};

/**
 * Checks an order against its service's type (docs/decisions/021, 037) and prices it: a Default order is its
 * quantity (each run's, for drip-feed, where the service allows it: runs x quantity charged at once, one part per
 * run due every interval); a Custom Comments order is one unit per comment; a Package order is one package at the
 * package's price (product rules 13.10). Nothing here is charged.
 */
export function draftTypedOrder(
  service: TypedService,
  input: { quantity: number; dripFeed?: DripFeed; comments?: readonly string[]; pace?: PacedSpeed },
): TypedOrder | Refusal {
  // Drip-feed sets its own pace: a speed beside it does not apply (product rules 4.20).
  const pace = input.dripFeed ? undefined : input.pace;
  if (pace && service.orderType !== "default")
    return refuse("invalid", PACE_TEXT.notPaceable, { field: "deliverySpeed" });
  if (service.orderType === "custom_comments") return draftCommentsOrder(service, input);
  if (input.comments !== undefined)
    return refuse("invalid", ORDER_TYPE_TEXT.commentsNotTaken, { field: "comments" });
  if (service.orderType === "package") return draftPackageOrder(service, input);
  const badQuantity = refuseQuantity(input.quantity, service);
  if (badQuantity) return badQuantity;
  if (input.dripFeed) return draftDripFeed(service, input.quantity, input.dripFeed);
  if (pace) return draftPacedOrder(service, input.quantity, pace);
  return { quantity: input.quantity, totalCents: chargeForQuantity(service, input.quantity) };
}

/**
 * A Default order spread over its speed's days (product rules 4.20, docs/decisions/047): the same one charge as
 * at once, split over the runs in proportion to their units; one part per run, due every interval, as the
 * shop's drip-feed runs are (docs/decisions/021).
 */
function draftPacedOrder(service: TypedService, quantity: number, speed: PacedSpeed): TypedOrder | Refusal {
  const verdict = paceOrder(speed, quantity, service.minQuantity);
  if (verdict.kind === "too_small")
    return refuse("invalid", PACE_TEXT.tooSmall(verdict.speed, verdict.leastQuantity), {
      field: "deliverySpeed",
    });
  if (verdict.kind !== "paced") return { quantity, totalCents: chargeForQuantity(service, quantity) };
  const { runs, intervalMinutes, runQuantities } = verdict.pace;
  const totalCents = chargeForQuantity(service, quantity);
  const charges = pacedRunCharges(totalCents, runQuantities);
  const parts = runQuantities.map((units, index) => ({
    part: runPart(index + 1),
    serviceId: service.id,
    quantity: units,
    chargeCents: charges[index] as Cents,
    dueAfterSeconds: index * intervalMinutes * 60,
  }));
  return { quantity, totalCents, parts, dripFeed: { runs, intervalMinutes }, pacedBy: speed };
}

/** One package, delivered in one go: any other quantity, and drip-feed, are refused rather than changed. */
function draftPackageOrder(
  service: TypedService,
  input: { quantity: number; dripFeed?: DripFeed },
): TypedOrder | Refusal {
  if (input.dripFeed) return refuse("invalid", ORDER_TYPE_TEXT.dripFeedNotAvailable, { field: "runs" });
  if (input.quantity !== PACKAGE_QUANTITY)
    return refuse("invalid", ORDER_TYPE_TEXT.packageQuantity, {
      field: "quantity",
      code: input.quantity > PACKAGE_QUANTITY ? "quantity_above_max" : "quantity_below_min",
      quantityLimit: PACKAGE_QUANTITY,
    });
  return { quantity: PACKAGE_QUANTITY, totalCents: chargeForQuantity(service, PACKAGE_QUANTITY) };
}

function draftDripFeed(
  service: TypedService,
  quantityPerRun: number,
  dripFeed: DripFeed,
): TypedOrder | Refusal {
  if (!service.dripfeed) return refuse("invalid", ORDER_TYPE_TEXT.dripFeedNotAvailable, { field: "runs" });
  if (!isValidRuns(dripFeed.runs)) return refuse("invalid", ORDER_TYPE_TEXT.badRuns, { field: "runs" });
  if (!isValidInterval(dripFeed.intervalMinutes))
    return refuse("invalid", ORDER_TYPE_TEXT.badInterval, { field: "interval" });
  const quantity = quantityPerRun * dripFeed.runs;
  if (quantity > MAX_ORDER_UNITS)
    return refuse("invalid", ORDER_TYPE_TEXT.tooManyUnits, { field: "quantity" });
  const { totalCents, runCharges } = dripFeedCharge(service.pricePer1000, quantityPerRun, dripFeed.runs);
  const parts = runCharges.map((chargeCents, index) => ({
    part: runPart(index + 1),
    serviceId: service.id,
    quantity: quantityPerRun,
    chargeCents,
    dueAfterSeconds: index * dripFeed.intervalMinutes * 60,
  }));
  return { quantity, totalCents, parts, dripFeed };
}

function draftCommentsOrder(
  service: TypedService,
  input: { quantity: number; dripFeed?: DripFeed; comments?: readonly string[] },
): TypedOrder | Refusal {
  if (input.dripFeed) return refuse("invalid", ORDER_TYPE_TEXT.dripFeedNotAvailable, { field: "runs" });
  const comments = input.comments ?? [];
  if (comments.length === 0)
    return refuse("invalid", ORDER_TYPE_TEXT.commentsRequired, { field: "comments" });
  if (comments.some((line) => line.length > COMMENT_MAX_LENGTH || /[\r\n]/.test(line)))
    return refuse("invalid", ORDER_TYPE_TEXT.commentTooLong, { field: "comments" });
  if (input.quantity !== comments.length)
    return refuse("invalid", ORDER_TYPE_TEXT.commentsQuantity, { field: "quantity" });
  const badQuantity = refuseQuantity(comments.length, service);
  if (badQuantity) return { ...badQuantity, field: "comments" };
  return {
    quantity: comments.length,
    totalCents: chargeForQuantity(service, comments.length),
    comments: comments.join("\n"),
  };
}
