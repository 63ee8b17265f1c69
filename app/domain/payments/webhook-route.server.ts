import { data } from "react-router";
import { db } from "../../db/client.server.ts";
import { webhookProvider } from "./payment-provider.server.ts";
import { receivePaymentWebhook } from "./receive-webhook.server.ts";

/** The action of a webhook route: 404 unless that provider is active, then the verified handler on the raw body. */
export async function handleWebhookRequest(request: Request, name: "stripe" | "sandbox") {
  if (request.method !== "POST")
    throw data({ error: "Method not allowed" }, { status: 405, headers: { Allow: "POST" } });
  const provider = webhookProvider(name);
  if (!provider) throw data({ error: "Not found" }, { status: 404 });
  // The signature covers the exact bytes sent: read them untouched, before any parsing.
  const rawBody = await request.text();
  const answer = await receivePaymentWebhook(db(), provider, rawBody, request.headers);
  return Response.json(answer.body, { status: answer.status });
}

/** GET on a webhook path: nothing to see (no GET changes state). */
export function webhookMethodNotAllowed(): never {
  throw data({ error: "Method not allowed" }, { status: 405, headers: { Allow: "POST" } });
}
