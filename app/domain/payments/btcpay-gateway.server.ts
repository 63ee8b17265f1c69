import { createHmac, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import type { Cents } from "../pricing/cents.ts";
import {
  DEPOSIT_CURRENCY,
  type DepositGateway,
  type GatewayChange,
  type GatewayEvent,
  type GatewayVerification,
} from "./gateway.ts";
import { cryptoValueCents, gatewayAmountCents, gatewayAmountText } from "./gateway-amount.ts";

/** A BTCPay Server store the shop's invoices are made in (Greenfield API, docs/decisions/060). */
export type BtcpayConfig = {
  /** The server's base URL, e.g. https://pay.example.com. */
  serverUrl: string;
  storeId: string;
  /** A Greenfield API key with the store's invoice permissions. */
  apiKey: string;
  /** The secret of the store's webhook, which signs every delivery (`BTCPay-Sig`). */
  webhookSecret: string;
};

/** How long a call to the BTCPay Server may take before the shop gives up on it. */
const REQUEST_TIMEOUT_MS = 15_000;

const delivery = z.looseObject({
  deliveryId: z.string().min(1).max(200),
  originalDeliveryId: z.string().min(1).max(200).nullish(),
  type: z.string().min(1).max(100),
  storeId: z.string().max(200).nullish(),
  invoiceId: z.string().min(1).max(200).nullish(),
  partiallyPaid: z.boolean().nullish(),
  overPaid: z.boolean().nullish(),
  afterExpiration: z.boolean().nullish(),
});

const invoice = z.looseObject({
  id: z.string().min(1).max(200),
  amount: z.string().max(40),
  currency: z.string().max(10),
  status: z.string().max(40),
  checkoutLink: z.string().max(2000).nullish(),
  metadata: z.looseObject({ orderId: z.string().max(200).nullish() }).nullish(),
});

const paymentMethods = z.array(
  z.looseObject({ totalPaid: z.string().max(60).nullish(), rate: z.string().max(60).nullish() }),
);

type Delivery = z.infer<typeof delivery>;
type Invoice = z.infer<typeof invoice>;

/**
 * Crypto through a self-hosted BTCPay Server: a hosted invoice priced in US dollars; money arrives only through
 * the store's signed webhooks, whose invoice the shop reads back from the server for its amount and what was paid.
 */
export function btcpayGateway(config: BtcpayConfig): DepositGateway {
  const storeUrl = `${config.serverUrl.replace(/\/+$/, "")}/api/v1/stores/${encodeURIComponent(config.storeId)}`;

  async function call(path: string, init?: { method: "POST"; body: unknown }): Promise<unknown> {
    const response = await fetch(`${storeUrl}${path}`, {
      method: init?.method ?? "GET",
      headers: { Authorization: `token ${config.apiKey}`, "Content-Type": "application/json" },
      body: init ? JSON.stringify(init.body) : undefined,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`BTCPay Server answered ${response.status} to ${path}`);
    return response.json();
  }

  async function readInvoice(invoiceId: string): Promise<Invoice> {
    return invoice.parse(await call(`/invoices/${encodeURIComponent(invoiceId)}`));
  }

  /** What arrived for the invoice, in its currency's cents, summed over the payment methods at their rates. */
  async function paidCents(invoiceId: string): Promise<Cents | null> {
    const methods = paymentMethods.parse(
      await call(`/invoices/${encodeURIComponent(invoiceId)}/payment-methods`),
    );
    let total = 0;
    for (const method of methods) {
      const value = cryptoValueCents(method.totalPaid ?? "0", method.rate ?? "0");
      if (value === null) return null;
      total += value;
    }
    return total as Cents;
  }

  async function readChange(event: Delivery): Promise<GatewayChange> {
    if (!event.invoiceId || event.storeId !== config.storeId) return { kind: "ignored" };
    const moneyEvent =
      event.type === "InvoiceSettled" ||
      event.type === "InvoiceExpired" ||
      event.type === "InvoiceInvalid" ||
      ((event.type === "InvoiceReceivedPayment" || event.type === "InvoicePaymentSettled") &&
        event.afterExpiration);
    if (!moneyEvent) return { kind: "ignored" };
    // The delivery names the invoice; its amount, currency and deposit are read back from the server itself.
    const read = await readInvoice(event.invoiceId);
    const depositId = z.uuid().safeParse(read.metadata?.orderId);
    const asked = gatewayAmountCents(read.amount);
    if (!depositId.success || asked === null) return { kind: "ignored" };
    const named = { depositId: depositId.data, reference: read.id, currency: read.currency };
    switch (event.type) {
      case "InvoiceSettled": {
        const paid = event.overPaid ? await paidCents(read.id) : asked;
        const surplus = paid !== null && paid > asked ? ((paid - asked) as Cents) : undefined;
        return { kind: "paid", ...named, amountCents: asked, ...(surplus ? { surplusCents: surplus } : {}) };
      }
      case "InvoiceExpired":
        // Partly paid: the money that arrived is reported as a payment short of the amount, for an admin.
        return event.partiallyPaid
          ? { kind: "paid", ...named, amountCents: await paidCents(read.id) }
          : { kind: "expired", ...named, amountCents: null };
      case "InvoiceInvalid":
        return { kind: "failed", ...named, amountCents: null };
      default:
        // Paid after the invoice expired: all that has arrived so far; credited if the deposit still waits for it.
        return { kind: "paid", ...named, amountCents: await paidCents(read.id) };
    }
  }

  return {
    name: "btcpay",
    async startPayment({ depositId, amountCents, successUrl }) {
      const created = invoice.parse(
        await call("/invoices", {
          method: "POST",
          body: {
            amount: gatewayAmountText(amountCents),
            currency: DEPOSIT_CURRENCY.toUpperCase(),
            metadata: { orderId: depositId, itemDesc: "Boostly wallet funds" },
            checkout: { redirectURL: successUrl, redirectAutomatically: true },
          },
        }),
      );
      if (!created.checkoutLink) throw new Error("BTCPay Server returned an invoice without a checkout link");
      return { url: created.checkoutLink, reference: created.id };
    },
    async verifyEvent(rawBody, headers): Promise<GatewayVerification> {
      const signature = headers.get("btcpay-sig");
      if (!signature) return { verified: false, reason: "signature missing" };
      if (!signatureMatches(rawBody, signature, config.webhookSecret)) {
        return { verified: false, reason: "signature mismatch" };
      }
      let payload: unknown;
      try {
        payload = JSON.parse(rawBody);
      } catch {
        return { verified: false, reason: "not an event" };
      }
      const parsed = delivery.safeParse(payload);
      if (!parsed.success) return { verified: false, reason: "not an event" };
      const event: GatewayEvent = {
        // A redelivery keeps its original's id, so it is recognised as the same event.
        id: `btcpay:${parsed.data.originalDeliveryId ?? parsed.data.deliveryId}`,
        type: parsed.data.type,
        gateway: "btcpay",
        payload,
        change: await readChange(parsed.data),
      };
      return { verified: true, event };
    },
  };
}

/** BTCPay Server signs the raw body with the webhook's secret: `BTCPay-Sig: sha256=<HMAC-SHA256 in hex>`. */
function signatureMatches(rawBody: string, header: string, secret: string): boolean {
  const hex = /^sha256=([0-9a-f]{64})$/i.exec(header.trim())?.[1];
  if (!hex) return false;
  const expected = createHmac("sha256", secret).update(rawBody, "utf8").digest();
  return timingSafeEqual(expected, Buffer.from(hex, "hex"));
}
