import {
  ApiError,
  CaptureStatus,
  CheckoutPaymentIntent,
  type Order,
  PaypalExperienceUserAction,
  PaypalWalletContextShippingPreference,
} from "@paypal/paypal-server-sdk";
import { z } from "zod";
import type { PaypalConfig } from "../../lib/env.server.ts";
import type { CaptureResult, DepositGateway, GatewayEvent } from "./gateway.ts";
import { gatewayAmountCents, gatewayAmountText } from "./gateway-amount.ts";
import { paypalOrders } from "./paypal-client.server.ts";
import { paypalCaptureEventId, readPaypalWebhook } from "./paypal-event.ts";
import { verifyPaypalSignature } from "./paypal-signature.server.ts";

/** The links PayPal sends the payer to: `payer-action` for a payment source's experience, else `approve`. */
const APPROVAL_RELS = ["payer-action", "approve"];

/** The name PayPal's errors give an order that was already captured (a second capture of one approval). */
const ALREADY_CAPTURED = "ORDER_ALREADY_CAPTURED";
/** The payer's funding was refused: they may go back to PayPal and choose another. */
const INSTRUMENT_DECLINED = "INSTRUMENT_DECLINED";

function issuesOf(error: ApiError): string[] {
  const body = error.result as { name?: string; details?: { issue?: string }[] } | undefined;
  return [body?.name ?? "", ...(body?.details ?? []).map((detail) => detail.issue ?? "")];
}

/**
 * An order's capture as the normalised event it amounts to (docs/decisions/058): paid for a completed capture,
 * failed for a declined one, none while it is pending. The deposit is the purchase unit's custom_id.
 */
export function captureEventOf(order: Order): CaptureResult {
  const unit = order.purchaseUnits?.[0];
  const capture = unit?.payments?.captures?.[0];
  const depositId = z.uuid().safeParse(capture?.customId ?? unit?.customId ?? unit?.invoiceId);
  if (!order.id || !capture?.id || !depositId.success) {
    return { captured: false, reason: "failed", detail: "the capture names no deposit" };
  }
  if (capture.status === CaptureStatus.Pending) return { captured: false, reason: "pending" };
  const paid = capture.status === CaptureStatus.Completed;
  if (!paid && capture.status !== CaptureStatus.Declined && capture.status !== CaptureStatus.Failed) {
    return { captured: false, reason: "failed", detail: `capture ${capture.status ?? "without status"}` };
  }
  const event: GatewayEvent = {
    id: paypalCaptureEventId(capture.id),
    type: `CAPTURE.${capture.status}`,
    gateway: "paypal",
    payload: order,
    change: {
      kind: paid ? "paid" : "failed",
      depositId: depositId.data,
      reference: order.id,
      amountCents: capture.amount ? gatewayAmountCents(capture.amount.value) : null,
      currency: capture.amount?.currencyCode ?? null,
    },
  };
  return { captured: true, event };
}

/**
 * PayPal Checkout through the Orders API v2 and PayPal's server SDK (docs/decisions/058): the customer approves an
 * order on PayPal, the shop captures it when they come back (or when PayPal's approval webhook arrives first), and
 * PayPal's signed webhooks report captures, denials and refunds. Every event goes through applyGatewayEvent.
 */
export function paypalGateway(config: PaypalConfig): DepositGateway {
  const orders = paypalOrders(config);
  return {
    name: "paypal",
    async startPayment({ depositId, amountCents, successUrl, cancelUrl }) {
      const { result } = await orders.createOrder({
        body: {
          intent: CheckoutPaymentIntent.Capture,
          purchaseUnits: [
            {
              amount: { currencyCode: "USD", value: gatewayAmountText(amountCents) },
              customId: depositId,
              invoiceId: depositId,
              description: "Boostly wallet funds",
            },
          ],
          paymentSource: {
            paypal: {
              experienceContext: {
                brandName: "Boostly",
                returnUrl: successUrl,
                cancelUrl,
                userAction: PaypalExperienceUserAction.PayNow,
                shippingPreference: PaypalWalletContextShippingPreference.NoShipping,
              },
            },
          },
        },
        // A retried call opens no second order for the same deposit.
        paypalRequestId: `boostly-deposit-${depositId}`,
        prefer: "return=minimal",
      });
      const approval = result.links?.find((link) => APPROVAL_RELS.includes(link.rel));
      if (!result.id || !approval) throw new Error("PayPal returned an order without an approval link");
      return { url: approval.href, reference: result.id };
    },
    async capture(orderId) {
      try {
        const { result } = await orders.captureOrder({
          id: orderId,
          // The browser's return and the approval webhook may both capture: PayPal answers the second alike.
          paypalRequestId: `boostly-capture-${orderId}`,
          prefer: "return=representation",
        });
        return captureEventOf(result);
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        const issues = issuesOf(error);
        if (issues.includes(INSTRUMENT_DECLINED)) return { captured: false, reason: "declined" };
        if (!issues.includes(ALREADY_CAPTURED)) {
          return { captured: false, reason: "failed", detail: `PayPal answered ${error.statusCode}` };
        }
        // Captured before (by the other path, past PayPal's memory of the request id): read what was taken.
        const { result } = await orders.getOrder({ id: orderId });
        return captureEventOf(result);
      }
    },
    async verifyEvent(rawBody, headers) {
      const check = await verifyPaypalSignature(rawBody, headers, config);
      if (!check.valid) return { verified: false, reason: `signature ${check.reason}` };
      let payload: unknown;
      try {
        payload = JSON.parse(rawBody);
      } catch {
        return { verified: false, reason: "body is not JSON" };
      }
      const reading = readPaypalWebhook(payload);
      return reading ? { verified: true, ...reading } : { verified: false, reason: "not an event" };
    },
  };
}
