import type { Cents } from "../pricing/cents.ts";

/**
 * A deposit gateway (docs/decisions/057): a way of taking a customer's money for a wallet deposit. Each one opens a
 * hosted payment and turns its own verified events into one normalised shape, so that a single path
 * (applyGatewayEvent) decides what an event may do to a deposit, whatever the gateway.
 */
/** The gateways that take a hosted payment and send signed events, each on /api/webhooks/<name>. */
export const HOSTED_GATEWAYS = ["stripe", "sandbox", "paypal", "btcpay"] as const;
/** Every way a deposit is paid: a hosted gateway, or a manual method an admin decides (decision 059). */
export type GatewayName = (typeof HOSTED_GATEWAYS)[number] | "manual";

/** Every deposit is asked for in US dollars; a gateway's event in any other currency is refused. */
export const DEPOSIT_CURRENCY = "usd";

export type HostedPaymentRequest = {
  depositId: string;
  amountCents: Cents;
  userEmail: string;
  /** Absolute URLs the gateway sends the browser back to. */
  successUrl: string;
  cancelUrl: string;
};

/** Where the customer pays, and the gateway's own reference for that payment (checkout session, order, invoice). */
export type HostedPayment = { url: string; reference: string };

/** What a gateway event may do to a deposit (docs/decisions/057 lists the transitions). */
export type GatewayEventKind = "paid" | "failed" | "expired" | "refunded";

/** A gateway event in the shop's words: which deposit, what happened, and for a payment what was taken. */
export type GatewayChange =
  | {
      kind: GatewayEventKind;
      depositId: string;
      /** The gateway's reference for the payment; it must be the one stored when the payment was opened. */
      reference: string;
      /** What the gateway says it took (or gave back); null when the event does not say. */
      amountCents: Cents | null;
      currency: string | null;
      /**
       * For a payment: what the customer paid above the amount asked (a crypto invoice paid twice). The deposit is
       * credited its own amount and the event is kept for an admin, who returns or credits the rest.
       */
      surplusCents?: Cents;
    }
  | { kind: "ignored" };

/** A gateway event whose signature (or callback) checked out. */
export type GatewayEvent = {
  /** The gateway's event id, unique across gateways (a new gateway prefixes its ids if they could collide). */
  id: string;
  type: string;
  gateway: GatewayName;
  /** The event as received, kept in payment_events. */
  payload: unknown;
  change: GatewayChange;
};

/**
 * An event when its signature checks out, else why it was not taken (the answer is then 400). `capture` names a
 * payment the customer approved that the shop must now take (PayPal's CHECKOUT.ORDER.APPROVED, when the browser
 * never came back): the webhook's handler captures it after recording the event.
 */
export type GatewayVerification =
  | { verified: true; event: GatewayEvent; capture?: string }
  | { verified: false; reason: string };

/**
 * What a capture reports: the event it amounts to (paid, or failed when the gateway declined the capture), or why
 * none was made: the payer's funding was declined (they may choose another), the payment is still pending at the
 * gateway (its webhook settles it later), or the call failed.
 */
export type CaptureResult =
  | { captured: true; event: GatewayEvent }
  | { captured: false; reason: "declined" | "pending" | "failed"; detail?: string };

/**
 * A gateway's fee and limits as the operator set them on the Payments page (product rules 16.39): the fee asked on
 * top of the amount (a percentage in hundredths, rounded up to the cent, and a fixed part), and the deposit limits
 * that narrow the shop's. None for a gateway the environment configures.
 */
export type DepositTerms = {
  feeBasisPoints: number;
  /** A bonus of the amount, in hundredths of a percent, credited with the deposit as its own ledger row. */
  bonusBasisPoints: number;
  feeFixedCents: Cents;
  minDepositCents: Cents | null;
  maxDepositCents: Cents | null;
};

/** What a deposit of `amountCents` pays on top through a gateway: its percentage rounded up, plus the fixed part. */
export function depositFeeCents(amountCents: Cents, terms: DepositTerms | undefined): Cents {
  if (!terms) return 0 as Cents;
  return (Math.ceil((amountCents * terms.feeBasisPoints) / 10_000) + terms.feeFixedCents) as Cents;
}

/** The bonus a deposit of `amountCents` earns through a gateway: its percentage of the amount, rounded down. */
export function depositBonusCents(amountCents: Cents, terms: DepositTerms | undefined): Cents {
  if (!terms) return 0 as Cents;
  return Math.floor((amountCents * terms.bonusBasisPoints) / 10_000) as Cents;
}

/** A deposit gateway: Stripe Checkout, the local sandbox, PayPal, and later a crypto processor, manual methods. */
export interface DepositGateway {
  readonly name: GatewayName;
  /** Its fee and limits, when the operator set them. */
  readonly terms?: DepositTerms;
  /** Opens a hosted payment for a recorded deposit. Called outside any transaction. */
  startPayment(request: HostedPaymentRequest): Promise<HostedPayment>;
  /** Checks an incoming event's signature over the raw body and reads it into a normalised event. */
  verifyEvent(rawBody: string, headers: Headers): Promise<GatewayVerification>;
  /**
   * For a gateway whose payment is approved by the customer and then taken by us (PayPal's Orders API): takes
   * the approved payment and reports it as a normalised event. Absent when the gateway takes the money itself.
   */
  capture?(reference: string): Promise<CaptureResult>;
}
