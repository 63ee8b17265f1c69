import Stripe from "stripe";
import { PAYPAL_API_URLS } from "../../lib/env.server.ts";
import type { GatewaySetup } from "./gateway-setup.server.ts";
import type { ConfigurableGateway } from "./gateway-setup.ts";

/** A check that hangs (a firewall dropping packets) answers as a failure instead of holding the page. */
const CHECK_TIMEOUT_MS = 10_000;

/** What a connection check found: connected or not, and what the gateway said (it refuses nothing). */
export type ConnectionResult = { connected: boolean; message: string };

/** Stripe answers a balance request with the key: proof the key works, in which mode. */
export async function testStripeConnection(secretKey: string): Promise<ConnectionResult> {
  const client = new Stripe(secretKey, { timeout: CHECK_TIMEOUT_MS, maxNetworkRetries: 0 });
  const balance = await client.balance.retrieve();
  return { connected: true, message: `Stripe answered (${balance.livemode ? "live" : "test"} mode).` };
}

export const GATEWAY_CONNECTION_TEXT = {
  incomplete: "Fill in and save every field first.",
} as const;

/**
 * Makes a real call to the gateway with the saved setup (product rules 16.38): Stripe retrieves the balance, PayPal
 * asks for an access token, a BTCPay Server reads the store. It refuses nothing and changes nothing.
 */
export async function testGatewayConnection(
  setup: GatewaySetup,
  options: { paypalApiUrl?: string } = {},
): Promise<ConnectionResult> {
  const { values } = setup;
  const need = (names: string[]) => names.every((name) => Boolean(values[name]));
  try {
    switch (setup.gateway satisfies ConfigurableGateway) {
      case "stripe":
        if (!need(["secretKey"])) return { connected: false, message: GATEWAY_CONNECTION_TEXT.incomplete };
        return await testStripeConnection(values.secretKey ?? "");
      case "paypal": {
        if (!need(["clientId", "clientSecret"]))
          return { connected: false, message: GATEWAY_CONNECTION_TEXT.incomplete };
        const environment = values.environment === "sandbox" ? "sandbox" : "live";
        const base = options.paypalApiUrl ?? PAYPAL_API_URLS[environment];
        const response = await fetch(`${base}/v1/oauth2/token`, {
          method: "POST",
          headers: {
            Authorization: `Basic ${Buffer.from(`${values.clientId}:${values.clientSecret}`).toString("base64")}`,
            "Content-Type": "application/x-www-form-urlencoded",
          },
          body: "grant_type=client_credentials",
          signal: AbortSignal.timeout(CHECK_TIMEOUT_MS),
        });
        if (!response.ok) return { connected: false, message: `PayPal answered ${response.status}.` };
        return { connected: true, message: `PayPal accepted the client ID and secret (${environment}).` };
      }
      case "btcpay": {
        if (!need(["serverUrl", "storeId", "apiKey"]))
          return { connected: false, message: GATEWAY_CONNECTION_TEXT.incomplete };
        const response = await fetch(
          `${values.serverUrl}/api/v1/stores/${encodeURIComponent(values.storeId ?? "")}`,
          {
            headers: { Authorization: `token ${values.apiKey}` },
            signal: AbortSignal.timeout(CHECK_TIMEOUT_MS),
          },
        );
        if (!response.ok) return { connected: false, message: `BTCPay Server answered ${response.status}.` };
        const store = (await response.json()) as { name?: unknown };
        const name = typeof store.name === "string" ? ` "${store.name.slice(0, 80)}"` : "";
        return { connected: true, message: `BTCPay Server answered: store${name} found.` };
      }
    }
  } catch (error) {
    return { connected: false, message: error instanceof Error ? error.message : String(error) };
  }
}
