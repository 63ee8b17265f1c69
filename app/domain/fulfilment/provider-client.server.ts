import { z } from "zod";

/** Sends one request of the panel protocol (form fields, `action` included) and returns the parsed JSON body. */
export type Transport = (form: Record<string, string>) => Promise<unknown>;

/**
 * Why a call failed. `refused`: the provider answered with an `error` (nothing was done, safe to retry).
 * `not_sent`: the request never reached it (connection refused, DNS or TLS failure): safe to send again.
 * `unreachable`: no readable answer (timeout, a dropped connection, not JSON): an `add` may or may not have
 * happened.
 */
export type ProviderErrorKind = "refused" | "not_sent" | "unreachable";

export class ProviderError extends Error {
  readonly kind: ProviderErrorKind;
  constructor(kind: ProviderErrorKind, message: string) {
    super(message);
    this.kind = kind;
  }
}

const REQUEST_TIMEOUT_MS = 15_000;

/**
 * Failures that happen before a single byte of the request is sent: nothing can have arrived. A connection
 * reset or a timeout is not among them (the request may have been read).
 */
const NOT_SENT_CODES = new Set([
  "ECONNREFUSED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "ENETUNREACH",
  "EHOSTUNREACH",
  "EADDRNOTAVAIL",
  "UND_ERR_CONNECT_TIMEOUT",
  "CERT_HAS_EXPIRED",
  "CERT_NOT_YET_VALID",
  "DEPTH_ZERO_SELF_SIGNED_CERT",
  "SELF_SIGNED_CERT_IN_CHAIN",
  "UNABLE_TO_VERIFY_LEAF_SIGNATURE",
  "UNABLE_TO_GET_ISSUER_CERT_LOCALLY",
  "ERR_TLS_CERT_ALTNAME_INVALID",
  "ERR_SSL_WRONG_VERSION_NUMBER",
]);

/** The error codes along an error's `cause` chain (fetch wraps the socket's error, sometimes in an AggregateError). */
function errorCodes(error: unknown, depth = 0): string[] {
  if (!error || typeof error !== "object" || depth > 5) return [];
  const { code, cause, errors } = error as { code?: unknown; cause?: unknown; errors?: unknown };
  return [
    ...(typeof code === "string" ? [code] : []),
    ...errorCodes(cause, depth + 1),
    ...(Array.isArray(errors) ? errors.flatMap((inner) => errorCodes(inner, depth + 1)) : []),
  ];
}

/** A fetch failure as a ProviderError: `not_sent` only when the request provably never left. */
function failedRequest(error: unknown): ProviderError {
  const codes = errorCodes(error);
  const message = `No answer from the provider (${[(error as Error).message, ...codes].join(": ")})`;
  const neverSent = codes.length > 0 && codes.every((code) => NOT_SENT_CODES.has(code));
  return new ProviderError(neverSent ? "not_sent" : "unreachable", message);
}

/** The HTTP transport: one POST, form-encoded, with the key; JSON bodies of 4xx/5xx answers are read too. */
export function httpTransport(apiUrl: string, apiKey: string, timeoutMs = REQUEST_TIMEOUT_MS): Transport {
  return async (form) => {
    let response: Response;
    try {
      response = await fetch(apiUrl, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
        body: new URLSearchParams({ key: apiKey, ...form }),
        signal: AbortSignal.timeout(timeoutMs),
        redirect: "error",
      });
    } catch (error) {
      throw failedRequest(error);
    }
    const text = await response.text().catch(() => "");
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new ProviderError("unreachable", `The provider answered HTTP ${response.status} without JSON`);
    }
  };
}

const errorAnswer = z.object({ error: z.unknown() });

/** Calls the transport and turns an answer with an `error` key into a refusal, whatever the HTTP status. */
async function call(transport: Transport, form: Record<string, string>): Promise<unknown> {
  const answer = await transport(form);
  const failed = errorAnswer.safeParse(answer);
  if (failed.success && failed.data.error !== undefined && failed.data.error !== null)
    throw new ProviderError("refused", String(failed.data.error).slice(0, 300));
  return answer;
}

function unexpected(action: string): ProviderError {
  return new ProviderError("unreachable", `The provider's answer to "${action}" was not understood`);
}

const idText = z.union([z.string().min(1).max(100), z.number().int()]).transform(String);
const numberText = z.union([z.string(), z.number()]).transform(String);

const addAnswer = z.object({ order: idText });
const cancelEntry = z.object({ order: idText, cancel: z.unknown() });

// Panels send their flags as true/false, 1/0 or "1"/"0"; anything else (or nothing) is no.
const flag = z
  .unknown()
  .optional()
  .transform((value) => value === true || value === 1 || value === "1" || value === "true");

const serviceSchema = z.object({
  service: idText,
  name: z.string().max(500),
  type: z.string().max(100).default("Default"),
  category: z
    .string()
    .max(500)
    .nullish()
    .transform((value) => value ?? ""),
  rate: numberText,
  min: z.coerce.number().int(),
  max: z.coerce.number().int(),
  dripfeed: flag,
  refill: flag,
  cancel: flag,
});
export type ProviderService = z.output<typeof serviceSchema>;

const serviceId = z.object({ service: idText });

/**
 * The provider's service list: the entries understood, and the ids of those that were not (an entry without a
 * readable id is neither). A sync changes nothing about a service whose entry it could not read.
 */
export async function readProviderServiceList(
  transport: Transport,
): Promise<{ services: ProviderService[]; unreadable: string[] }> {
  const answer = await call(transport, { action: "services" });
  if (!Array.isArray(answer)) throw unexpected("services");
  const services: ProviderService[] = [];
  const unreadable: string[] = [];
  for (const entry of answer) {
    const parsed = serviceSchema.safeParse(entry);
    if (parsed.success) services.push(parsed.data);
    else {
      const id = serviceId.safeParse(entry);
      if (id.success) unreadable.push(id.data.service);
    }
  }
  return { services, unreadable };
}

/** The provider's service list (entries it sends that are not understood are left out). */
export async function listProviderServices(transport: Transport): Promise<ProviderService[]> {
  return (await readProviderServiceList(transport)).services;
}

export type AddInput = {
  service: string;
  link: string;
  quantity: number;
  /** Sent only to providers that honour it: the same key returns the same order. */
  idempotencyKey?: string;
  /** The panels' drip-feed fields: `runs` deliveries of `quantity`, one every `interval` minutes. */
  runs?: number;
  interval?: number;
  /** A Custom Comments service's comments, one per line (the panels' `comments` field). */
  comments?: string;
};

/** Places an order upstream; returns the provider's order id. */
export async function addProviderOrder(transport: Transport, input: AddInput): Promise<string> {
  const form: Record<string, string> = {
    action: "add",
    service: input.service,
    link: input.link,
    quantity: String(input.quantity),
  };
  if (input.runs !== undefined && input.interval !== undefined) {
    form.runs = String(input.runs);
    form.interval = String(input.interval);
  }
  if (input.comments !== undefined) form.comments = input.comments;
  if (input.idempotencyKey) form.idempotency_key = input.idempotencyKey;
  const parsed = addAnswer.safeParse(await call(transport, form));
  if (!parsed.success) throw unexpected("add");
  return parsed.data.order;
}

/**
 * Places a subscription upstream (the panel's "Subscriptions" service type): `posts` future posts of
 * `username`, `quantity` each. Returns the provider's order id, polled with `status` like any order.
 */
export async function addProviderSubscription(
  transport: Transport,
  input: {
    service: string;
    username: string;
    quantity: number;
    posts: number;
    /** Minutes a new post waits before delivery starts; the provider watches the profile. */
    delayMinutes?: number;
    /** The subscription's last day, YYYY-MM-DD; sent as the panels' d/m/Y. */
    expiresOn?: string | null;
    idempotencyKey?: string;
  },
): Promise<string> {
  const form: Record<string, string> = {
    action: "add",
    service: input.service,
    username: input.username,
    min: String(input.quantity),
    max: String(input.quantity),
    posts: String(input.posts),
    delay: String(input.delayMinutes ?? 0),
  };
  if (input.expiresOn) {
    const [year, month, day] = input.expiresOn.split("-");
    form.expiry = `${day}/${month}/${year}`;
  }
  if (input.idempotencyKey) form.idempotency_key = input.idempotencyKey;
  const parsed = addAnswer.safeParse(await call(transport, form));
  if (!parsed.success) throw unexpected("add");
  return parsed.data.order;
}

/** One order's status as the provider reports it, or the error it (or our reading of it) gave instead. */
export type UpstreamOrderStatus =
  | {
      reported: true;
      status: string;
      remains: unknown;
      charge: string | null;
      posts: unknown;
      /** The target's count when delivery began, as the provider states it (absent on some panels). */
      startCount?: unknown;
    }
  | { reported: false; error: string };

const statusSchema = z.object({
  status: z.string(),
  remains: z.unknown().optional(),
  start_count: z.unknown().optional(),
  charge: numberText.nullish(),
  // Subscriptions report how many posts they have served.
  posts: z.unknown().optional(),
});

/** Statuses of up to 100 upstream orders in one call, by provider order id (ids it does not mention are absent). */
export async function readProviderStatuses(
  transport: Transport,
  orderIds: string[],
): Promise<Map<string, UpstreamOrderStatus>> {
  const answer = await call(transport, { action: "status", orders: orderIds.join(",") });
  if (typeof answer !== "object" || answer === null || Array.isArray(answer)) throw unexpected("status");
  const statuses = new Map<string, UpstreamOrderStatus>();
  for (const id of orderIds) {
    const entry = (answer as Record<string, unknown>)[id];
    if (entry === undefined) continue;
    const failed = errorAnswer.safeParse(entry);
    if (failed.success && failed.data.error) {
      statuses.set(id, { reported: false, error: String(failed.data.error).slice(0, 300) });
      continue;
    }
    const parsed = statusSchema.safeParse(entry);
    statuses.set(
      id,
      parsed.success
        ? {
            reported: true,
            status: parsed.data.status,
            remains: parsed.data.remains,
            charge: parsed.data.charge ?? null,
            posts: parsed.data.posts,
            startCount: parsed.data.start_count,
          }
        : { reported: false, error: "Status not understood" },
    );
  }
  return statuses;
}

/** The provider account's balance as it states it ("100.84", "USD"). */
export async function readProviderBalance(
  transport: Transport,
): Promise<{ balance: string; currency: string }> {
  const parsed = z
    .object({ balance: numberText, currency: z.string().max(10).default("USD") })
    .safeParse(await call(transport, { action: "balance" }));
  if (!parsed.success) throw unexpected("balance");
  return parsed.data;
}

/** One order's answer to `cancel`: taken (the provider will cancel what it can), or refused with its reason. */
export type UpstreamCancel = { taken: true } | { taken: false; error: string };

/**
 * Asks the provider to cancel orders (the standard `cancel` action with `orders`); the answer per order id.
 * A panel that answers for one order with a bare `{"cancel": 1}` or `{"error": ...}` is understood too.
 */
export async function cancelProviderOrders(
  transport: Transport,
  orderIds: string[],
): Promise<Map<string, UpstreamCancel>> {
  const answer = await transport({ action: "cancel", orders: orderIds.join(",") });
  const answers = new Map<string, UpstreamCancel>();
  const read = (value: unknown): UpstreamCancel => {
    const failed = errorAnswer.safeParse(value);
    if (failed.success && failed.data.error !== undefined && failed.data.error !== null)
      return { taken: false, error: String(failed.data.error).slice(0, 300) };
    return value === 1 || value === "1" || value === true
      ? { taken: true }
      : { taken: false, error: "Cancel not understood" };
  };
  if (Array.isArray(answer)) {
    for (const entry of answer) {
      const parsed = cancelEntry.safeParse(entry);
      if (parsed.success) answers.set(parsed.data.order, read(parsed.data.cancel));
    }
    return answers;
  }
  if (orderIds.length === 1 && typeof answer === "object" && answer !== null) {
    const single = answer as { cancel?: unknown };
    answers.set(orderIds[0] ?? "", "cancel" in single ? read(single.cancel) : read(answer));
    return answers;
  }
  throw unexpected("cancel");
}

const refillAnswer = z.object({ refill: idText });

/**
 * Asks the provider to refill one of its orders (the standard `refill` action with `order`); returns the
 * provider's refill id. A refusal (`{"error": ...}`) throws a `refused` ProviderError.
 */
export async function refillProviderOrder(transport: Transport, providerOrderId: string): Promise<string> {
  const parsed = refillAnswer.safeParse(await call(transport, { action: "refill", order: providerOrderId }));
  if (!parsed.success) throw unexpected("refill");
  return parsed.data.refill;
}

/** One refill's status as a provider reports it: its word ("Completed"), or an error for that refill. */
export type UpstreamRefillStatus = { reported: true; status: string } | { reported: false; error: string };

const refillStatusEntry = z.object({ refill: idText, status: z.unknown() });

/**
 * Statuses of provider refills (`refill_status` with `refills`, up to 100 ids): the answer
 * `[{"refill": 1, "status": "Completed"}, {"refill": 3, "status": {"error": "Refill not found"}}]`; a panel that
 * answers one id with a bare `{"status": ...}` is understood too. Ids it does not mention are absent from the map.
 */
export async function readProviderRefillStatuses(
  transport: Transport,
  refillIds: string[],
): Promise<Map<string, UpstreamRefillStatus>> {
  const answer = await call(transport, { action: "refill_status", refills: refillIds.join(",") });
  const statuses = new Map<string, UpstreamRefillStatus>();
  const read = (value: unknown): UpstreamRefillStatus => {
    if (typeof value === "string" && value.trim()) return { reported: true, status: value.trim() };
    const failed = errorAnswer.safeParse(value);
    if (failed.success && failed.data.error !== undefined && failed.data.error !== null)
      return { reported: false, error: String(failed.data.error).slice(0, 300) };
    return { reported: false, error: "Refill status not understood" };
  };
  if (Array.isArray(answer)) {
    for (const entry of answer) {
      const parsed = refillStatusEntry.safeParse(entry);
      if (parsed.success) statuses.set(parsed.data.refill, read(parsed.data.status));
    }
    return statuses;
  }
  if (refillIds.length === 1 && typeof answer === "object" && answer !== null && "status" in answer) {
    statuses.set(refillIds[0] ?? "", read((answer as { status: unknown }).status));
    return statuses;
  }
  throw unexpected("refill_status");
}
