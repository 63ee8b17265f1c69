/**
 * The deposit gateways an operator sets up in the admin (docs/decisions/061, product rules 16.35-16.39): the
 * fields each one needs, which of them are secret, and the page's texts. Shared by the page and the server.
 */
export const CONFIGURABLE_GATEWAYS = ["stripe", "paypal", "btcpay"] as const;
export type ConfigurableGateway = (typeof CONFIGURABLE_GATEWAYS)[number];

export type GatewayField = {
  name: string;
  label: string;
  /** Stored sealed, never shown again: a blank field keeps the stored one. */
  secret: boolean;
  /** A URL (https, or http to this machine) rather than free text. */
  url?: boolean;
  /** The values it may take, the first the default. */
  choices?: readonly string[];
  hint?: string;
};

export const GATEWAY_FIELDS: Record<ConfigurableGateway, { title: string; fields: readonly GatewayField[] }> =
  {
    stripe: {
      title: "Stripe (cards)",
      fields: [
        { name: "secretKey", label: "Secret key", secret: true, hint: "sk_live_... or sk_test_..." },
        {
          name: "webhookSecret",
          label: "Webhook signing secret",
          secret: true,
          hint: "whsec_... of the endpoint /api/webhooks/stripe",
        },
      ],
    },
    paypal: {
      title: "PayPal",
      fields: [
        { name: "environment", label: "Environment", secret: false, choices: ["live", "sandbox"] },
        { name: "clientId", label: "Client ID", secret: false },
        { name: "clientSecret", label: "Client secret", secret: true },
        {
          name: "webhookId",
          label: "Webhook ID",
          secret: false,
          hint: "Of the endpoint /api/webhooks/paypal",
        },
      ],
    },
    btcpay: {
      title: "Crypto (BTCPay Server)",
      fields: [
        { name: "serverUrl", label: "Server URL", secret: false, url: true, hint: "https://pay.example.com" },
        { name: "storeId", label: "Store ID", secret: false },
        {
          name: "apiKey",
          label: "API key",
          secret: true,
          hint: "With permission to create and view invoices",
        },
        {
          name: "webhookSecret",
          label: "Webhook secret",
          secret: true,
          hint: "Of the store's webhook to /api/webhooks/btcpay",
        },
      ],
    },
  };

export const GATEWAY_SETUP_TEXT = {
  saved: "Payment settings saved",
  saveFailed: "Failed to save payment settings",
  missingToEnable: "Fill in every field before turning the gateway on",
  invalidUrl: "Enter an https:// address (http:// only for this machine)",
  tooLong: "At most 500 characters",
  feePercent: "A percentage from 0 to 20, with at most two decimals",
  feeFixed: "An amount from $0 to $10",
  bonusPercent: "A percentage from 0 to 50, with at most two decimals",
  limit: "An amount in dollars, or empty for the shop's limit",
  minAboveMax: "The minimum must not be above the maximum",
  unknownChoice: "Choose one of the listed values",
} as const;
