import { randomUUID, sign } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import path from "node:path";
import { crc32 } from "node:zlib";

/**
 * A local PayPal for the tests (nothing reaches the internet): the Orders API v2 that PayPal's server SDK calls
 * (the OAuth token, create, get and capture an order), an approval page that sends the browser back to the
 * order's return URL, the signing certificate at a URL on its own address, and webhooks signed exactly as PayPal
 * signs them (SHA256withRSA over `transmissionId|time|webhookId|crc32(body)`, docs/decisions/058). Tests in
 * other processes steer it through its `/_fake/` endpoints (`fakePaypalControl`).
 */

export const FAKE_PAYPAL = {
  clientId: "fake-paypal-client",
  clientSecret: "fake-paypal-secret",
  webhookId: "WH-FAKE-BOOSTLY-WEBHOOK",
} as const;

const certificate = readFileSync(path.join(import.meta.dirname, "fake-paypal/signing-cert.pem"), "utf8");
const signingKey = readFileSync(path.join(import.meta.dirname, "fake-paypal/signing-key.pem"), "utf8");
const CERT_PATH = "/v1/notifications/certs/CERT-fake-boostly";
const TOKEN = "A21AAfake-access-token";

type Money = { currency_code: string; value: string };
type Capture = {
  id: string;
  status: "COMPLETED" | "DECLINED" | "PENDING";
  amount: Money;
  custom_id?: string;
  invoice_id?: string;
  final_capture: boolean;
  create_time: string;
  update_time: string;
};
type Order = {
  id: string;
  intent: string;
  status: "PAYER_ACTION_REQUIRED" | "APPROVED" | "COMPLETED";
  purchase_units: { reference_id: string; amount: Money; custom_id?: string; invoice_id?: string }[];
  returnUrl: string;
  cancelUrl: string;
  capture?: Capture;
};

/** A webhook about an order: its type; `eventId` to send an event already sent again; `forge` to sign it wrong. */
export type WebhookInput = { type: string; orderId: string; eventId?: string; forge?: boolean };

/**
 * How the next capture answers: PayPal's status for it, an amount other than the order's, a declined card, or
 * PayPal's own fault (500).
 */
export type NextCapture = {
  status?: "COMPLETED" | "DECLINED" | "PENDING" | "INSTRUMENT_DECLINED" | "INTERNAL_SERVER_ERROR";
  amount?: Money;
};

export type FakePaypal = {
  url: string;
  /** Orders by id, as the fake holds them. */
  orders: Map<string, Order>;
  approve(orderId: string): void;
  setNextCapture(next: NextCapture): void;
  /** A webhook about an order, signed as PayPal signs it, not sent: its raw body and headers. */
  signedWebhook(input: WebhookInput): { rawBody: string; headers: Record<string, string>; eventId: string };
  /** Builds, signs and POSTs a webhook about an order to `target`; `eventId` re-sends that event (a retry). */
  sendWebhook(
    target: string,
    input: WebhookInput,
  ): Promise<{ status: number; body: unknown; eventId: string }>;
  stop(): Promise<void>;
};

function json(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { "Content-Type": "application/json" });
  response.end(JSON.stringify(body));
}

function paypalError(response: ServerResponse, status: number, name: string, issue: string): void {
  json(response, status, {
    name,
    message:
      "The requested action could not be performed, semantically incorrect, or failed business validation.",
    debug_id: randomUUID().slice(0, 13),
    details: [{ issue, description: issue }],
  });
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function paypalId(): string {
  return randomUUID().replaceAll("-", "").slice(0, 17).toUpperCase();
}

/** The headers PayPal signs a delivery with; `forge` signs with the wrong webhook id. */
export function signPaypalWebhook(
  rawBody: string,
  input: { certUrl: string; webhookId?: string; transmissionId?: string },
): Record<string, string> {
  const transmissionId = input.transmissionId ?? randomUUID();
  const transmissionTime = new Date().toISOString();
  const webhookId = input.webhookId ?? FAKE_PAYPAL.webhookId;
  const message = `${transmissionId}|${transmissionTime}|${webhookId}|${crc32(Buffer.from(rawBody, "utf8"))}`;
  return {
    "Content-Type": "application/json",
    "PAYPAL-TRANSMISSION-ID": transmissionId,
    "PAYPAL-TRANSMISSION-TIME": transmissionTime,
    "PAYPAL-TRANSMISSION-SIG": sign("sha256", Buffer.from(message), signingKey).toString("base64"),
    "PAYPAL-CERT-URL": input.certUrl,
    "PAYPAL-AUTH-ALGO": "SHA256withRSA",
  };
}

function orderBody(base: string, order: Order) {
  const unit = order.purchase_units[0];
  return {
    id: order.id,
    intent: order.intent,
    status: order.status,
    purchase_units: [
      {
        ...unit,
        ...(order.capture
          ? {
              payments: {
                captures: [
                  {
                    ...order.capture,
                    links: [
                      {
                        href: `${base}/v2/payments/captures/${order.capture.id}`,
                        rel: "self",
                        method: "GET",
                      },
                    ],
                  },
                ],
              },
            }
          : {}),
      },
    ],
    links: [
      { href: `${base}/v2/checkout/orders/${order.id}`, rel: "self", method: "GET" },
      ...(order.status === "PAYER_ACTION_REQUIRED"
        ? [{ href: `${base}/checkoutnow?token=${order.id}`, rel: "payer-action", method: "GET" }]
        : []),
    ],
  };
}

/** The resource a webhook of that type carries for the order, as PayPal shapes it. */
function webhookResource(base: string, order: Order, type: string): unknown {
  if (type === "CHECKOUT.ORDER.APPROVED") return orderBody(base, order);
  const capture = order.capture;
  if (!capture) throw new Error(`order ${order.id} has no capture for ${type}`);
  const related = { supplementary_data: { related_ids: { order_id: order.id } } };
  if (type === "PAYMENT.CAPTURE.REFUNDED") {
    return {
      id: paypalId(),
      status: "COMPLETED",
      amount: capture.amount,
      invoice_id: capture.invoice_id,
      custom_id: capture.custom_id,
      links: [{ href: `${base}/v2/payments/captures/${capture.id}`, rel: "up", method: "GET" }],
    };
  }
  const status = type === "PAYMENT.CAPTURE.DENIED" ? "DECLINED" : capture.status;
  return { ...capture, status, ...related };
}

/** Starts the fake on 127.0.0.1 (a free port unless given). */
export async function startFakePaypal(port = 0): Promise<FakePaypal> {
  const orders = new Map<string, Order>();
  const requestAnswers = new Map<string, { status: number; body: unknown }>();
  const sentEvents = new Map<string, string>();
  let nextCapture: NextCapture = {};
  let base = "";

  function approve(orderId: string): void {
    const order = orders.get(orderId);
    if (order?.status === "PAYER_ACTION_REQUIRED") order.status = "APPROVED";
  }

  function authorised(request: IncomingMessage): boolean {
    return request.headers.authorization === `Bearer ${TOKEN}`;
  }

  function createOrder(body: string): { status: number; body: unknown } {
    const request = JSON.parse(body);
    const context = request.payment_source?.paypal?.experience_context ?? {};
    const order: Order = {
      id: paypalId(),
      intent: request.intent,
      status: "PAYER_ACTION_REQUIRED",
      purchase_units: request.purchase_units.map((unit: Partial<Order["purchase_units"][number]>) => ({
        ...unit,
        reference_id: unit.reference_id ?? "default",
      })),
      returnUrl: context.return_url,
      cancelUrl: context.cancel_url,
    };
    orders.set(order.id, order);
    return { status: 200, body: orderBody(base, order) };
  }

  function captureOrder(order: Order, response: ServerResponse): { status: number; body: unknown } | null {
    if (order.status === "COMPLETED") {
      paypalError(response, 422, "UNPROCESSABLE_ENTITY", "ORDER_ALREADY_CAPTURED");
      return null;
    }
    if (order.status !== "APPROVED") {
      paypalError(response, 422, "UNPROCESSABLE_ENTITY", "ORDER_NOT_APPROVED");
      return null;
    }
    const next = nextCapture;
    nextCapture = {};
    if (next.status === "INSTRUMENT_DECLINED") {
      paypalError(response, 422, "UNPROCESSABLE_ENTITY", "INSTRUMENT_DECLINED");
      return null;
    }
    if (next.status === "INTERNAL_SERVER_ERROR") {
      paypalError(response, 500, "INTERNAL_SERVER_ERROR", "INTERNAL_SERVICE_ERROR");
      return null;
    }
    const unit = order.purchase_units[0]!;
    const now = new Date().toISOString();
    order.capture = {
      id: paypalId(),
      status: next.status ?? "COMPLETED",
      amount: next.amount ?? unit.amount,
      custom_id: unit.custom_id,
      invoice_id: unit.invoice_id,
      final_capture: true,
      create_time: now,
      update_time: now,
    };
    order.status = "COMPLETED";
    return { status: 201, body: orderBody(base, order) };
  }

  function signedWebhook(input: WebhookInput) {
    let body = input.eventId ? sentEvents.get(input.eventId) : undefined;
    let eventId = input.eventId ?? "";
    if (!body) {
      const order = orders.get(input.orderId);
      if (!order) throw new Error(`no order ${input.orderId}`);
      eventId = `WH-${paypalId()}`;
      body = JSON.stringify({
        id: eventId,
        event_version: "1.0",
        create_time: new Date().toISOString(),
        resource_type: input.type.startsWith("CHECKOUT.") ? "checkout-order" : "capture",
        resource_version: "2.0",
        event_type: input.type,
        summary: `Fake PayPal ${input.type}`,
        resource: webhookResource(base, order, input.type),
      });
      sentEvents.set(eventId, body);
    }
    const headers = signPaypalWebhook(body, {
      certUrl: `${base}${CERT_PATH}`,
      webhookId: input.forge ? "WH-SOMEONE-ELSE" : FAKE_PAYPAL.webhookId,
    });
    return { rawBody: body, headers, eventId };
  }

  async function sendWebhook(target: string, input: WebhookInput) {
    const { rawBody, headers, eventId } = signedWebhook(input);
    const answer = await fetch(target, { method: "POST", headers, body: rawBody });
    const text = await answer.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON: kept as text
    }
    return { status: answer.status, body: parsed, eventId };
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? "/", base);
    const body = request.method === "POST" ? await readBody(request) : "";
    const orderPath = /^\/v2\/checkout\/orders\/([A-Z0-9]+)(\/capture)?$/.exec(url.pathname);

    if (request.method === "POST" && url.pathname === "/v1/oauth2/token") {
      const expected = `Basic ${Buffer.from(`${FAKE_PAYPAL.clientId}:${FAKE_PAYPAL.clientSecret}`).toString("base64")}`;
      if (request.headers.authorization !== expected) {
        return json(response, 401, {
          error: "invalid_client",
          error_description: "Client Authentication failed",
        });
      }
      return json(response, 200, {
        scope: "https://uri.paypal.com/services/payments/payment",
        access_token: TOKEN,
        token_type: "Bearer",
        app_id: "APP-FAKE",
        expires_in: 32_400,
        nonce: randomUUID(),
      });
    }
    if (url.pathname === CERT_PATH) {
      response.writeHead(200, { "Content-Type": "application/x-pem-file" });
      return void response.end(certificate);
    }
    if (url.pathname.startsWith("/v2/")) {
      if (!authorised(request)) return paypalError(response, 401, "AUTHENTICATION_FAILURE", "INVALID_TOKEN");
      // PayPal-Request-Id: the same request again gets the same answer, without doing it twice.
      const requestId = request.headers["paypal-request-id"];
      const memoryKey = typeof requestId === "string" ? `${url.pathname}:${requestId}` : null;
      const remembered = memoryKey ? requestAnswers.get(memoryKey) : undefined;
      if (remembered) return json(response, remembered.status, remembered.body);
      let answer: { status: number; body: unknown } | null = null;
      if (request.method === "POST" && url.pathname === "/v2/checkout/orders") answer = createOrder(body);
      else {
        const order = orderPath ? orders.get(orderPath[1]!) : undefined;
        if (!order) return paypalError(response, 404, "RESOURCE_NOT_FOUND", "INVALID_RESOURCE_ID");
        if (request.method === "GET" && !orderPath?.[2])
          answer = { status: 200, body: orderBody(base, order) };
        else if (request.method === "POST" && orderPath?.[2]) answer = captureOrder(order, response);
        else return json(response, 405, {});
        if (!answer) return;
      }
      if (memoryKey) requestAnswers.set(memoryKey, answer);
      return json(response, answer.status, answer.body);
    }
    // The buyer's side: PayPal's approval page, reduced to its two choices.
    if (url.pathname === "/checkoutnow") {
      const order = orders.get(url.searchParams.get("token") ?? "");
      if (!order) return void response.writeHead(404).end("Unknown order");
      const amount = order.purchase_units[0]?.amount;
      response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
      return void response.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>PayPal (fake)</title></head>
<body><main><h1>Fake PayPal</h1><p>Pay ${amount?.currency_code} ${amount?.value} to Boostly</p>
<form method="post" action="/checkoutnow/approve?token=${order.id}"><button type="submit">Approve payment</button></form>
<p><a href="${order.cancelUrl}">Cancel and return to Boostly</a></p></main></body></html>`);
    }
    if (request.method === "POST" && url.pathname === "/checkoutnow/approve") {
      const order = orders.get(url.searchParams.get("token") ?? "");
      if (!order) return void response.writeHead(404).end("Unknown order");
      approve(order.id);
      const back = new URL(order.returnUrl);
      back.searchParams.set("token", order.id);
      back.searchParams.set("PayerID", "FAKEPAYER123");
      return void response.writeHead(302, { Location: back.toString() }).end();
    }
    // The tests' controls.
    if (request.method === "POST" && url.pathname === "/_fake/approve") {
      approve(JSON.parse(body).orderId);
      return json(response, 200, { ok: true });
    }
    if (request.method === "POST" && url.pathname === "/_fake/next-capture") {
      nextCapture = JSON.parse(body);
      return json(response, 200, { ok: true });
    }
    if (request.method === "POST" && url.pathname === "/_fake/webhooks") {
      const input = JSON.parse(body);
      return json(response, 200, await sendWebhook(input.target, input));
    }
    if (request.method === "GET" && url.pathname.startsWith("/_fake/orders/")) {
      const order = orders.get(url.pathname.split("/").at(-1) ?? "");
      return order ? json(response, 200, order) : json(response, 404, {});
    }
    json(response, 404, { name: "RESOURCE_NOT_FOUND" });
  }

  const server: Server = createServer((request, response) => {
    handle(request, response).catch((error: Error) => {
      if (!response.headersSent)
        json(response, 500, { name: "INTERNAL_SERVER_ERROR", message: error.message });
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : port}`;
  return {
    url: base,
    orders,
    approve,
    setNextCapture: (next) => {
      nextCapture = next;
    },
    signedWebhook,
    sendWebhook,
    stop: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The environment an app server needs to take deposits through the fake. */
export function fakePaypalEnv(url: string): Record<string, string> {
  return {
    PAYPAL_CLIENT_ID: FAKE_PAYPAL.clientId,
    PAYPAL_CLIENT_SECRET: FAKE_PAYPAL.clientSecret,
    PAYPAL_WEBHOOK_ID: FAKE_PAYPAL.webhookId,
    PAYPAL_ENVIRONMENT: "sandbox",
    PAYPAL_API_URL: url,
  };
}

/** Steers a fake started by another process (the global setup's), over its `/_fake/` endpoints. */
export function fakePaypalControl(url: string) {
  const post = async (path: string, body: unknown) => {
    const response = await fetch(`${url}${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`fake PayPal ${path} answered ${response.status}`);
    return response.json();
  };
  return {
    approve: (orderId: string) => post("/_fake/approve", { orderId }),
    setNextCapture: (next: NextCapture) => post("/_fake/next-capture", next),
    sendWebhook: (
      target: string,
      input: WebhookInput,
    ): Promise<{ status: number; body: unknown; eventId: string }> =>
      post("/_fake/webhooks", { target, ...input }),
    order: async (orderId: string): Promise<Order | null> => {
      const response = await fetch(`${url}/_fake/orders/${orderId}`);
      return response.ok ? response.json() : null;
    },
  };
}
