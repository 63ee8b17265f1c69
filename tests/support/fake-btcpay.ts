import { createHmac, randomUUID } from "node:crypto";
import { createServer } from "node:http";
import { freePort } from "./free-port.ts";

/** The price of a bitcoin in the fake's invoices: $50,000, so $25.00 is 0.0005 BTC exactly. */
const BTC_RATE_USD = "50000.00";
const SATOSHIS_PER_BTC = 100_000_000n;

type FakeInvoice = {
  id: string;
  storeId: string;
  amount: string;
  currency: string;
  status: "New" | "Processing" | "Settled" | "Expired" | "Invalid";
  metadata: Record<string, unknown>;
  redirectURL: string | null;
  paidSatoshis: bigint;
};

/** A delivery as BTCPay Server sends it: the raw JSON body and its headers, `BTCPay-Sig` among them. */
export type BtcpayDelivery = { rawBody: string; headers: Headers; deliveryId: string };

export type FakeBtcpay = {
  url: string;
  storeId: string;
  apiKey: string;
  webhookSecret: string;
  invoices: Map<string, FakeInvoice>;
  /** Requests the fake answered, as "METHOD path". */
  calls: string[];
  /** A payment of `cents` worth of bitcoin to the invoice (not yet settled). */
  pay(invoiceId: string, cents: number): void;
  /** Sets the invoice's status, as the server does when a payment confirms or the invoice lapses. */
  setStatus(invoiceId: string, status: FakeInvoice["status"]): void;
  /** A signed delivery of an event about the invoice; `extra` adds the event's own fields (overPaid, ...). */
  delivery(type: string, invoiceId: string, extra?: Record<string, unknown>): BtcpayDelivery;
  /** The same event delivered again: a new delivery id, the original's in `originalDeliveryId`. */
  redelivery(original: BtcpayDelivery): BtcpayDelivery;
  close(): Promise<void>;
};

/**
 * A BTCPay Server on a local port speaking the part of the Greenfield API the shop calls (create and read an
 * invoice, its payment methods), checking the API key, and signing webhook deliveries as BTCPay Server does
 * (HMAC-SHA256 of the raw body with the webhook's secret in `BTCPay-Sig: sha256=<hex>`).
 */
export async function startFakeBtcpay(): Promise<FakeBtcpay> {
  const storeId = `store${randomUUID().slice(0, 8)}`;
  const apiKey = `key-${randomUUID()}`;
  const webhookSecret = `whsec-${randomUUID()}`;
  const invoices = new Map<string, FakeInvoice>();
  const calls: string[] = [];
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;

  const invoiceJson = (invoice: FakeInvoice) => ({
    id: invoice.id,
    storeId: invoice.storeId,
    amount: invoice.amount,
    currency: invoice.currency,
    status: invoice.status,
    checkoutLink: `${url}/i/${invoice.id}`,
    metadata: invoice.metadata,
  });
  const btcText = (satoshis: bigint) =>
    `${satoshis / SATOSHIS_PER_BTC}.${String(satoshis % SATOSHIS_PER_BTC).padStart(8, "0")}`;
  const satoshisWorth = (cents: number) => (BigInt(cents) * SATOSHIS_PER_BTC) / 5_000_000n;

  const server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => {
      body += chunk;
    });
    request.on("end", () => {
      const path = new URL(request.url ?? "/", url).pathname;
      calls.push(`${request.method} ${path}`);
      const reply = (status: number, json: unknown) => {
        response.writeHead(status, { "Content-Type": "application/json" });
        response.end(JSON.stringify(json));
      };
      const storePath = `/api/v1/stores/${storeId}`;
      // The invoice's checkout page, where a customer pays: here only the amount and the way back to the shop.
      const checkout = /^\/i\/([^/]+)$/.exec(path);
      const shown = checkout ? invoices.get(decodeURIComponent(checkout[1]!)) : undefined;
      if (request.method === "GET" && shown) {
        response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
        response.end(
          `<!doctype html><title>BTCPay invoice</title><h1>Pay ${shown.amount} ${shown.currency}</h1>` +
            `<p data-testid="invoice-id">${shown.id}</p>` +
            (shown.redirectURL ? `<a href="${shown.redirectURL}">Return to the shop</a>` : ""),
        );
        return;
      }
      if (path.startsWith("/api/") && request.headers.authorization !== `token ${apiKey}`) {
        return reply(401, { code: "unauthenticated", message: "Authentication is required" });
      }
      if (request.method === "GET" && path === storePath) {
        return reply(200, { id: storeId, name: "Boostly test store", defaultCurrency: "USD" });
      }
      if (request.method === "POST" && path === `${storePath}/invoices`) {
        const asked = JSON.parse(body) as {
          amount: string;
          currency: string;
          metadata?: Record<string, unknown>;
          checkout?: { redirectURL?: string };
        };
        const invoice: FakeInvoice = {
          id: randomUUID().replaceAll("-", "").slice(0, 22),
          storeId,
          amount: asked.amount,
          currency: asked.currency,
          status: "New",
          metadata: asked.metadata ?? {},
          redirectURL: asked.checkout?.redirectURL ?? null,
          paidSatoshis: 0n,
        };
        invoices.set(invoice.id, invoice);
        return reply(200, invoiceJson(invoice));
      }
      const match = new RegExp(`^${storePath}/invoices/([^/]+)(/payment-methods)?$`).exec(path);
      const invoice = match ? invoices.get(decodeURIComponent(match[1]!)) : undefined;
      if (request.method === "GET" && invoice && !match?.[2]) return reply(200, invoiceJson(invoice));
      if (request.method === "GET" && invoice && match?.[2]) {
        return reply(200, [
          {
            paymentMethodId: "BTC-CHAIN",
            currency: "BTC",
            rate: BTC_RATE_USD,
            totalPaid: btcText(invoice.paidSatoshis),
            paymentMethodPaid: btcText(invoice.paidSatoshis),
          },
        ]);
      }
      return reply(404, { code: "not-found", message: "Not found" });
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));

  const sign = (payload: Record<string, unknown>, deliveryId: string): BtcpayDelivery => {
    const rawBody = JSON.stringify(payload);
    const signature = createHmac("sha256", webhookSecret).update(rawBody, "utf8").digest("hex");
    return {
      rawBody,
      deliveryId,
      headers: new Headers({ "Content-Type": "application/json", "BTCPay-Sig": `sha256=${signature}` }),
    };
  };

  return {
    url,
    storeId,
    apiKey,
    webhookSecret,
    invoices,
    calls,
    pay(invoiceId, cents) {
      const invoice = invoices.get(invoiceId);
      if (!invoice) throw new Error(`no invoice ${invoiceId}`);
      invoice.paidSatoshis += satoshisWorth(cents);
    },
    setStatus(invoiceId, status) {
      const invoice = invoices.get(invoiceId);
      if (!invoice) throw new Error(`no invoice ${invoiceId}`);
      invoice.status = status;
    },
    delivery(type, invoiceId, extra = {}) {
      const invoice = invoices.get(invoiceId);
      const deliveryId = randomUUID();
      return sign(
        {
          deliveryId,
          webhookId: "fakehook",
          originalDeliveryId: deliveryId,
          isRedelivery: false,
          type,
          timestamp: Math.floor(Date.now() / 1000),
          storeId,
          invoiceId,
          metadata: invoice?.metadata ?? {},
          ...extra,
        },
        deliveryId,
      );
    },
    redelivery(original) {
      const payload = JSON.parse(original.rawBody) as Record<string, unknown>;
      const deliveryId = randomUUID();
      return sign({ ...payload, deliveryId, isRedelivery: true }, deliveryId);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
