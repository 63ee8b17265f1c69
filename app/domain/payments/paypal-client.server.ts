import { Client, Environment, OrdersController } from "@paypal/paypal-server-sdk";
import { PAYPAL_API_URLS, type PaypalConfig } from "../../lib/env.server.ts";

/** PayPal's answer to a call within this, or the call failed (the customer sees the deposit refused). */
const PAYPAL_TIMEOUT_MS = 15_000;

/** The same request, sent to `target` instead of PayPal's host for the environment. */
function rebased(url: string, target: URL): string {
  const original = new URL(url);
  const moved = new URL(`${original.pathname}${original.search}`, target);
  return moved.toString();
}

/**
 * The SDK's client for the configured account. The SDK knows only PayPal's two hosts; an `apiUrl` elsewhere (the
 * local fake PayPal of the tests) gets every request moved there, the OAuth token's included, since the token
 * manager asks its client for requests the same way (docs/decisions/058).
 */
function sdkClient(config: PaypalConfig): Client {
  const options = {
    environment: config.environment === "live" ? Environment.Production : Environment.Sandbox,
    timeout: PAYPAL_TIMEOUT_MS,
    clientCredentialsAuthCredentials: {
      oAuthClientId: config.clientId,
      oAuthClientSecret: config.clientSecret,
    },
  };
  const target = new URL(config.apiUrl);
  if (target.origin === PAYPAL_API_URLS[config.environment]) return new Client(options);
  class RebasedClient extends Client {
    override getRequestBuilderFactory() {
      const factory = super.getRequestBuilderFactory();
      return (...args: Parameters<typeof factory>) => {
        const request = factory(...args);
        request.interceptRequest((sent) => ({ ...sent, url: rebased(sent.url, target) }));
        return request;
      };
    }
  }
  return new RebasedClient(options);
}

let cached: { key: string; orders: OrdersController } | undefined;

/** The Orders API of the configured account; one client (and its OAuth token) per configuration. */
export function paypalOrders(config: PaypalConfig): OrdersController {
  const key = JSON.stringify([config.clientId, config.clientSecret, config.environment, config.apiUrl]);
  if (cached?.key !== key) cached = { key, orders: new OrdersController(sdkClient(config)) };
  return cached.orders;
}
