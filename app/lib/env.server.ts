import { z } from "zod";

const DEV_AUTH_SECRET = "development-only-secret-change-me-in-production-0123456789";

const booleanFlag = z
  .enum(["true", "false", "1", "0"])
  .transform((value) => value === "true" || value === "1");

const LOOPBACK_HOSTS = new Set(["127.0.0.1", "localhost", "::1"]);

const envSchema = z.object({
  // The shop's own mode (local conveniences vs. a real deployment); NODE_ENV only tunes libraries.
  APP_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  // Unset: every interface in production, this machine only elsewhere (see the AUTH_SECRET check below).
  HOST: z.string().optional(),
  APP_URL: z.url().optional(),
  DATABASE_URL: z.string().optional(),
  DATABASE_LISTEN_URL: z.string().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(1000).default(10),
  DATABASE_WAIT_SECONDS: z.coerce.number().min(0).max(3600).default(60),
  DATABASE_PREPARED_STATEMENTS: z.enum(["on", "off"]).default("on"),
  DATA_DIR: z.string().default("data"),
  BUILD_DIR: z.string().default("build"),
  EMBEDDED_PG_PORT: z.coerce.number().int().min(1).max(65535).default(5433),
  AUTH_SECRET: z.string().min(32).optional(),
  ADMIN_EMAILS: z.string().optional(),
  // How long a staff session opens /admin after its sign-in (product rules 15.16); a customer's is not shortened.
  STAFF_SESSION_HOURS: z.coerce.number().positive().max(720).default(12),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default("Boostly <no-reply@boostly.local>"),
  DEV_MAILBOX: booleanFlag.optional(),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  // PayPal deposits (docs/decisions/058): all three of the account's values, and which PayPal it is, or none.
  PAYPAL_CLIENT_ID: z.string().optional(),
  PAYPAL_CLIENT_SECRET: z.string().optional(),
  PAYPAL_WEBHOOK_ID: z.string().optional(),
  PAYPAL_ENVIRONMENT: z.enum(["live", "sandbox"]).optional(),
  PAYPAL_API_URL: z.url().optional(),
  TRUST_PROXY: booleanFlag.default(false),
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
  // Scales every rate limit (tests sign up many accounts from one address and set it high).
  RATE_LIMIT_MULTIPLIER: z.coerce.number().positive().max(1_000_000).default(1),
  // Optional third-party analytics beside the first-party events (docs/decisions/006); unset: none at all.
  PLAUSIBLE_DOMAIN: z
    .string()
    .regex(/^[a-z0-9.-]+\.[a-z]{2,}$/i, "a site domain as registered at Plausible, e.g. boostly.example")
    .optional()
    .or(z.literal("")),
  GA_MEASUREMENT_ID: z
    .string()
    .regex(/^G-[A-Z0-9]{4,20}$/, "a Google Analytics 4 measurement id, e.g. G-ABC123XYZ")
    .optional()
    .or(z.literal("")),
});

/** PayPal's REST API hosts, by the account's environment. */
export const PAYPAL_API_URLS = {
  live: "https://api-m.paypal.com",
  sandbox: "https://api-m.sandbox.paypal.com",
} as const;

/** A PayPal account the shop takes deposits with (docs/decisions/058); later fed from the admin's settings too. */
export type PaypalConfig = {
  clientId: string;
  clientSecret: string;
  /** The id of the webhook registered for /api/webhooks/paypal: PayPal signs each delivery with it. */
  webhookId: string;
  environment: keyof typeof PAYPAL_API_URLS;
  /** Where the API is: PayPal's host for the environment, or a local stand-in outside production. */
  apiUrl: string;
};

export type Env = {
  appEnv: "development" | "production" | "test";
  isProduction: boolean;
  port: number;
  host: string;
  appUrl: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  /** How long a start waits for DATABASE_URL's server to accept connections (starting up, not yet listening). */
  databaseWaitSeconds: number;
  preparedStatements: boolean;
  dataDir: string;
  /** Where the server reads the app build (`react-router build` writes it there). */
  buildDir: string;
  embeddedPgPort: number;
  authSecret: string;
  adminEmails: string[];
  /** Hours a staff session opens /admin after it was created (product rules 15.16). */
  staffSessionHours: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  devMailbox: boolean;
  stripeSecretKey: string | undefined;
  stripeWebhookSecret: string | undefined;
  /** PayPal deposits, when the account is configured. */
  paypal: PaypalConfig | undefined;
  trustProxy: boolean;
  rateLimitMultiplier: number;
  webConcurrency: number;
  plausibleDomain: string | undefined;
  gaMeasurementId: string | undefined;
};

/**
 * The variables a schema reads (from this process's environment unless `source` is given), checked; a wrong one
 * stops the process with every problem named. Every reading of the environment goes through this file.
 */
export function parseEnvironment<Schema extends z.ZodType>(
  schema: Schema,
  source: NodeJS.ProcessEnv = process.env,
): z.output<Schema> {
  const parsed = schema.safeParse(source);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
  throw new Error(`Invalid environment:\n  ${problems.join("\n  ")}`);
}

/** Reads and checks process.env once; production refuses to start without its secrets. */
export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const raw = parseEnvironment(envSchema, source);
  const isProduction = raw.APP_ENV === "production";
  if (isProduction && !raw.AUTH_SECRET) throw new Error("AUTH_SECRET is required in production");
  if (isProduction && !raw.APP_URL) throw new Error("APP_URL is required in production");
  const host = raw.HOST ?? (isProduction ? "0.0.0.0" : "127.0.0.1");
  // The development secret is public (it is in the repository): never serve it beyond this machine.
  if (!raw.AUTH_SECRET && !LOOPBACK_HOSTS.has(host)) {
    throw new Error(`AUTH_SECRET is required when listening on ${host} (beyond this machine)`);
  }
  const paypal = readPaypalConfig(raw, isProduction);
  const adminEmailsText = raw.ADMIN_EMAILS ?? (isProduction ? "" : "admin@example.com");
  return {
    appEnv: raw.APP_ENV,
    isProduction,
    port: raw.PORT,
    host,
    appUrl: (raw.APP_URL ?? `http://localhost:${raw.PORT}`).replace(/\/$/, ""),
    databaseUrl: raw.DATABASE_URL || undefined,
    databasePoolSize: raw.DATABASE_POOL_SIZE,
    databaseWaitSeconds: raw.DATABASE_WAIT_SECONDS,
    preparedStatements: raw.DATABASE_PREPARED_STATEMENTS === "on",
    dataDir: raw.DATA_DIR,
    buildDir: raw.BUILD_DIR,
    embeddedPgPort: raw.EMBEDDED_PG_PORT,
    authSecret: raw.AUTH_SECRET ?? DEV_AUTH_SECRET,
    adminEmails: adminEmailsText
      .split(",")
      .map((email) => email.trim().toLowerCase())
      .filter(Boolean),
    staffSessionHours: raw.STAFF_SESSION_HOURS,
    smtpUrl: raw.SMTP_URL || undefined,
    mailFrom: raw.MAIL_FROM,
    // Never in production, whatever DEV_MAILBOX says: it shows everyone's confirmation and reset links.
    devMailbox: !isProduction && (raw.DEV_MAILBOX ?? true),
    stripeSecretKey: raw.STRIPE_SECRET_KEY || undefined,
    stripeWebhookSecret: raw.STRIPE_WEBHOOK_SECRET || undefined,
    paypal,
    trustProxy: raw.TRUST_PROXY,
    webConcurrency: raw.WEB_CONCURRENCY,
    rateLimitMultiplier: raw.RATE_LIMIT_MULTIPLIER,
    plausibleDomain: raw.PLAUSIBLE_DOMAIN || undefined,
    gaMeasurementId: raw.GA_MEASUREMENT_ID || undefined,
  };
}

/**
 * The PayPal account, or undefined when none of its values is set. Half a configuration stops the process, and
 * which PayPal (live or sandbox) is said, never guessed; production talks to PayPal's own hosts only.
 */
function readPaypalConfig(raw: z.output<typeof envSchema>, isProduction: boolean): PaypalConfig | undefined {
  const clientId = raw.PAYPAL_CLIENT_ID || undefined;
  const clientSecret = raw.PAYPAL_CLIENT_SECRET || undefined;
  const webhookId = raw.PAYPAL_WEBHOOK_ID || undefined;
  if (!clientId && !clientSecret && !webhookId) return undefined;
  if (!clientId || !clientSecret || !webhookId || !raw.PAYPAL_ENVIRONMENT) {
    throw new Error(
      "PayPal needs PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET, PAYPAL_WEBHOOK_ID and PAYPAL_ENVIRONMENT together",
    );
  }
  const apiUrl = (raw.PAYPAL_API_URL ?? PAYPAL_API_URLS[raw.PAYPAL_ENVIRONMENT]).replace(/\/$/, "");
  const host = new URL(apiUrl).hostname;
  if (
    isProduction &&
    (!apiUrl.startsWith("https://") || !(host === "paypal.com" || host.endsWith(".paypal.com")))
  ) {
    throw new Error("PAYPAL_API_URL must be a PayPal host over HTTPS in production");
  }
  return { clientId, clientSecret, webhookId, environment: raw.PAYPAL_ENVIRONMENT, apiUrl };
}

let cached: Env | undefined;

/** The validated environment of this process. */
export function env(): Env {
  cached ??= readEnv();
  return cached;
}

/**
 * The database's address, read from the environment on every call instead of from env()'s cached reading: the
 * server starts the embedded PostgreSQL and sets DATABASE_URL only after env() was first read (server/main.ts,
 * server/worker.ts), and passes it to its HTTP worker processes the same way.
 */
export function databaseUrl(): string {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error("DATABASE_URL is not set");
  return url;
}

/**
 * Where the LISTEN connections go (live pages, the render caches, the workers' wake-ups): DATABASE_LISTEN_URL, for
 * a DATABASE_URL that is a transaction-mode pooler, which cannot deliver notices; else `fallback`.
 */
export function listenDatabaseUrl(fallback: string = databaseUrl()): string {
  return process.env.DATABASE_LISTEN_URL || fallback;
}
