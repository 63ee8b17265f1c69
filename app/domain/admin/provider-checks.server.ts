import nodemailer from "nodemailer";
import { type ConnectionResult, testStripeConnection } from "../payments/gateway-connection.server.ts";

/** What the Settings tab's connection checks say. */
export const PROVIDER_CHECK_TEXT = {
  connectionOk: "Connection successful",
  connectionFailed: "Connection failed",
  notConfigured: "Not configured: set it in the server configuration (environment), never here.",
} as const;

export const PROVIDER_IDS = ["stripe", "smtp"] as const;
export type ProviderId = (typeof PROVIDER_IDS)[number];

/** The server configuration the checks read; secrets come from the environment only, never the database. */
export type ProviderConfig = {
  stripeSecretKey: string | undefined;
  stripeWebhookSecret: string | undefined;
  smtpUrl: string | undefined;
};

export type ProviderStatus = { id: ProviderId; name: string; configured: boolean; detail: string };

export type { ConnectionResult };

/** A check that hangs (a firewall dropping packets) answers as a failure instead of holding the page. */
const CHECK_TIMEOUT_MS = 10_000;

/** Whether each payment and mail provider is configured, with what stands in when it is not. */
export function describeProviders(config: ProviderConfig): ProviderStatus[] {
  const stripeKeys = Boolean(config.stripeSecretKey);
  return [
    {
      id: "stripe",
      name: "Stripe (card payments)",
      configured: stripeKeys,
      detail: stripeKeys
        ? config.stripeWebhookSecret
          ? `Secret key ${config.stripeSecretKey?.startsWith("sk_live_") ? "(live)" : "(test mode)"} and webhook secret set.`
          : "Secret key set, but STRIPE_WEBHOOK_SECRET is missing: deposits are refused until it is set."
        : "Not configured: the local sandbox checkout stands in (never in production).",
    },
    {
      id: "smtp",
      name: "SMTP (e-mail)",
      configured: Boolean(config.smtpUrl),
      detail: config.smtpUrl
        ? `Server ${smtpHost(config.smtpUrl)}.`
        : "Not configured: mail is kept in the local outbox (/dev/mailbox).",
    },
  ];
}

/** The host and port of an SMTP URL, without its user name or password. */
function smtpHost(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}${parsed.port ? `:${parsed.port}` : ""}`;
  } catch {
    return "(unreadable SMTP_URL)";
  }
}

function withTimeout<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS / 1000} s`)),
      CHECK_TIMEOUT_MS,
    );
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Makes a real call to the provider (Stripe: retrieve the balance; SMTP: connect and authenticate). */
export async function testProviderConnection(
  id: ProviderId,
  config: ProviderConfig,
): Promise<ConnectionResult> {
  try {
    if (id === "stripe") {
      if (!config.stripeSecretKey) return { connected: false, message: PROVIDER_CHECK_TEXT.notConfigured };
      return await withTimeout(testStripeConnection(config.stripeSecretKey));
    }
    if (!config.smtpUrl) return { connected: false, message: PROVIDER_CHECK_TEXT.notConfigured };
    const transport = nodemailer.createTransport(config.smtpUrl);
    try {
      await withTimeout(transport.verify());
    } finally {
      transport.close();
    }
    return {
      connected: true,
      message: `The SMTP server ${smtpHost(config.smtpUrl)} accepted the connection.`,
    };
  } catch (error) {
    return { connected: false, message: errorText(error) };
  }
}
