import type { Database, Executor } from "../../db/client.server.ts";
import type { orderStatusEnum } from "../../db/schema/enums.ts";
import type { Cents } from "../pricing/cents.ts";

/** The part name of a one-service order (a likes pack's parts are named after its lines: likes, views ...). */
export const WHOLE_ORDER_PART = "order";

/** What a provider's status word means for a part, in the words of an order's statuses (product rules 4.6). */
export type PartStatus = (typeof orderStatusEnum.enumValues)[number];

/** How a part of an order ended upstream. */
export type PartOutcome = "completed" | "partial" | "cancelled" | "failed";

/** A part of an order that ended: its submission, how it ended and the units its provider did not deliver. */
export type EndedPartReport = {
  fulfilmentId: string;
  orderId: string;
  outcome: PartOutcome;
  remains: number | null;
};

/** One post of an auto order that its provider delivered. */
export type PostDelivery = {
  autoOrderId: string;
  /** The post's upstream submission: the cause its refund is recorded against, once. */
  fulfilmentId: string;
  postNumber: number;
  /** Units of the post the provider did not deliver (its Partial); 0 when it completed. */
  remains: number;
};

/**
 * What fulfilment reports about the parts it delivers (docs/decisions/034). Fulfilment keeps its own rows (the
 * submissions, their states and the providers' answers) and reports each outcome at the moment it knows it; the
 * areas that own orders, auto orders and refills decide what the outcome means (statuses, refunds, endings, mails).
 * order-lifecycle wires each report to its owner, so fulfilment never imports an area above it.
 */
export type PartOutcomes = {
  /** A part reported progress (pending, processing, in progress): its order shows the most advanced part. */
  partProgressed(db: Executor, part: { orderId: string; status: PartStatus }): Promise<void>;
  /**
   * A part ended upstream: its submission is closed (null when it was closed before, by an earlier answer or
   * another worker) and the last part to close ends the order, refunding the undelivered shares once; `note` is
   * why the order could not take its ending, if it could not.
   */
  partEnded(db: Executor, part: EndedPartReport): Promise<{ note: string | null } | null>;
  /** An admin stopped following a part here: a person delivers its order from now on (the caller's transaction). */
  partLeftToPerson(tx: Executor, orderId: string): Promise<void>;
  /** A post of an auto order was delivered: counted once, its undelivered share refunded once. */
  postDelivered(db: Database, post: PostDelivery): Promise<{ counted: boolean; refundCents: Cents }>;
  /** An auto order's subscription upstream has served `servedOfTotal` of every 100 of its posts. */
  subscriptionServed(db: Executor, served: { autoOrderId: string; servedOfTotal: number }): Promise<void>;
  /** A part of a refill was sent, refused or answered: the refill's status follows its parts. */
  refillPartChanged(db: Executor, refillId: number): Promise<void>;
};
