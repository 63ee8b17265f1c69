import {
  COMMENT_MAX_LENGTH,
  commentLines,
  DRIP_FEED_INTERVAL_MINUTES,
  DRIP_FEED_RUNS,
  type DripFeed,
  isValidInterval,
  isValidRuns,
  MAX_ORDER_UNITS,
  PACKAGE_QUANTITY,
  type ServiceOrderType,
} from "../orders/order-types.ts";
import { type Refusal, refuse } from "../refusal.ts";
import { API_TEXT, quantityAboveMax, quantityBelowMin } from "./api-text.ts";

/**
 * The order types of the panels' `add` (docs/decisions/021 and 020): which fields
 * each takes, read from the request into the input of the shop's order functions, or refused with the short plain
 * texts clients know. Pure: the caller finds the service (or pack) and places the order.
 */

/** The type names the protocol uses, in `services` and for `add`. */
export type ApiOrderType = "Default" | "Custom Comments" | "Package";

/** What `services` says of a service's type (`type`, `dripfeed`). */
export type ApiOrderTypeFacts = { type: ApiOrderType; dripfeed: boolean };

/** What reading a request needs of the service it names. */
export type ApiTypedService = {
  id: string;
  minQuantity: number;
  maxQuantity: number;
  orderType: ServiceOrderType;
  dripfeed: boolean;
};

/** What the request names: a service (a Package service among them), or a likes pack (a Package). */
export type ApiOrderTarget = { service: ApiTypedService } | { pack: { id: string } };

/**
 * The order to place: the fields of placeOrder's input (Default, Custom Comments, a Package service's one package)
 * or of placePackageOrder's (a likes pack), without the caller's user, key and idempotency key.
 */
export type ApiOrderInput =
  | { type: "Default"; serviceId: string; targetLink: string; quantity: number; dripFeed?: DripFeed }
  | { type: "Custom Comments"; serviceId: string; targetLink: string; quantity: number; comments: string[] }
  | { type: "Package"; serviceId: string; targetLink: string; quantity: typeof PACKAGE_QUANTITY }
  | { type: "Package"; packId: string; targetLink: string };

/** The refusals' texts, in the panels' short plain style. */
export const API_ORDER_TYPE_TEXT = {
  incorrectLink: "Incorrect link",
  incorrectQuantity: API_TEXT.incorrectQuantity,
  packageLinkOnly: API_TEXT.packageLinkOnly,
  quantityBelow: quantityBelowMin,
  quantityAbove: quantityAboveMax,
  dripFeedUnavailable: "Drip-feed is not available for this service",
  runsWithInterval: "Drip-feed needs both runs and interval",
  incorrectRuns: `Incorrect runs: from ${DRIP_FEED_RUNS.min} to ${DRIP_FEED_RUNS.max}`,
  incorrectInterval: `Incorrect interval: from ${DRIP_FEED_INTERVAL_MINUTES.min} to ${DRIP_FEED_INTERVAL_MINUTES.max} minutes`,
  tooManyUnits: "Runs x quantity is too large",
  commentsRequired: "Comments are required: one comment per line",
  commentTooLong: `Comment too long: at most ${COMMENT_MAX_LENGTH} characters per line`,
  commentsUnavailable: "Comments are not available for this service",
} as const;

/** The `type` and `dripfeed` a service shows in `services`. */
export function apiOrderTypeFacts(
  service: Pick<ApiTypedService, "orderType" | "dripfeed">,
): ApiOrderTypeFacts {
  if (service.orderType === "custom_comments") return { type: "Custom Comments", dripfeed: false };
  if (service.orderType === "package") return API_PACKAGE_FACTS;
  return { type: "Default", dripfeed: service.dripfeed };
}

/** What `services` says of a likes pack or a Package service: a Package, ordered with a link only. */
export const API_PACKAGE_FACTS: ApiOrderTypeFacts = { type: "Package", dripfeed: false };

/**
 * Whether a Package request carries a field a package does not take (product rules 13.11): a quantity other than 1
 * (absent or 1 is one package), runs, interval or comments are refused, never dropped.
 */
export function packageFieldSent(params: Record<string, string | undefined>): boolean {
  const quantity = given(params, "quantity");
  return (
    (quantity !== undefined && quantity !== String(PACKAGE_QUANTITY)) ||
    ["runs", "interval", "comments"].some((name) => given(params, name) !== undefined)
  );
}

const WHOLE = /^\d{1,10}$/;

const invalid = (message: string, field: string): Refusal => refuse("invalid", message, { field });

/** A parameter as given, trimmed; empty counts as absent (clients send every field, some of them blank). */
function given(params: Record<string, string | undefined>, name: string): string | undefined {
  const value = params[name]?.trim();
  return value ? value : undefined;
}

/**
 * Reads an `add` request for the service or pack it names: the order's fields by the target's type, checked
 * (quantity within the service's limits, drip-feed only where the service allows it, one comment per line), or
 * the refusal to answer. The link's shape and the price are checked by the order function itself.
 */
export function readApiOrderRequest(
  params: Record<string, string | undefined>,
  target: ApiOrderTarget,
): ApiOrderInput | Refusal {
  const targetLink = given(params, "link");
  if (!targetLink) return invalid(API_ORDER_TYPE_TEXT.incorrectLink, "link");
  if ("pack" in target) return { type: "Package", packId: target.pack.id, targetLink };
  const { service } = target;
  if (service.orderType === "package") {
    if (packageFieldSent(params)) return invalid(API_ORDER_TYPE_TEXT.packageLinkOnly, "quantity");
    return { type: "Package", serviceId: service.id, targetLink, quantity: PACKAGE_QUANTITY };
  }
  if (service.orderType === "custom_comments") return readCommentsOrder(params, service, targetLink);
  if (given(params, "comments") !== undefined)
    return invalid(API_ORDER_TYPE_TEXT.commentsUnavailable, "comments");
  const quantityText = given(params, "quantity");
  if (!quantityText || !WHOLE.test(quantityText))
    return invalid(API_ORDER_TYPE_TEXT.incorrectQuantity, "quantity");
  const quantity = Number(quantityText);
  const outside = refuseOutsideLimits(quantity, service);
  if (outside) return outside;
  const dripFeed = readDripFeed(params, service, quantity);
  if (dripFeed && "ok" in dripFeed) return dripFeed;
  return {
    type: "Default",
    serviceId: service.id,
    targetLink,
    quantity,
    ...(dripFeed ? { dripFeed } : {}),
  };
}

function refuseOutsideLimits(quantity: number, service: ApiTypedService, field = "quantity"): Refusal | null {
  if (quantity < service.minQuantity)
    return invalid(API_ORDER_TYPE_TEXT.quantityBelow(service.minQuantity), field);
  if (quantity > service.maxQuantity)
    return invalid(API_ORDER_TYPE_TEXT.quantityAbove(service.maxQuantity), field);
  return null;
}

/** `runs` and `interval`, both or neither; each run is `quantity` (within the limits), the total is not capped. */
function readDripFeed(
  params: Record<string, string | undefined>,
  service: ApiTypedService,
  quantity: number,
): DripFeed | Refusal | undefined {
  const runsText = given(params, "runs");
  const intervalText = given(params, "interval");
  if (runsText === undefined && intervalText === undefined) return undefined;
  if (!service.dripfeed) return invalid(API_ORDER_TYPE_TEXT.dripFeedUnavailable, "runs");
  if (runsText === undefined || intervalText === undefined)
    return invalid(API_ORDER_TYPE_TEXT.runsWithInterval, runsText === undefined ? "runs" : "interval");
  const runs = WHOLE.test(runsText) ? Number(runsText) : Number.NaN;
  if (!isValidRuns(runs)) return invalid(API_ORDER_TYPE_TEXT.incorrectRuns, "runs");
  const intervalMinutes = WHOLE.test(intervalText) ? Number(intervalText) : Number.NaN;
  if (!isValidInterval(intervalMinutes)) return invalid(API_ORDER_TYPE_TEXT.incorrectInterval, "interval");
  if (runs * quantity > MAX_ORDER_UNITS) return invalid(API_ORDER_TYPE_TEXT.tooManyUnits, "runs");
  return { runs, intervalMinutes };
}

/** `comments`, one per line (blank lines dropped); the quantity is their count, whatever `quantity` says. */
function readCommentsOrder(
  params: Record<string, string | undefined>,
  service: ApiTypedService,
  targetLink: string,
): ApiOrderInput | Refusal {
  if (given(params, "runs") !== undefined || given(params, "interval") !== undefined)
    return invalid(API_ORDER_TYPE_TEXT.dripFeedUnavailable, "runs");
  const comments = commentLines(params.comments ?? "");
  if (comments.length === 0) return invalid(API_ORDER_TYPE_TEXT.commentsRequired, "comments");
  if (comments.some((line) => line.length > COMMENT_MAX_LENGTH))
    return invalid(API_ORDER_TYPE_TEXT.commentTooLong, "comments");
  const outside = refuseOutsideLimits(comments.length, service, "comments");
  if (outside) return outside;
  return { type: "Custom Comments", serviceId: service.id, targetLink, quantity: comments.length, comments };
}
