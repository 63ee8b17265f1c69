import { z } from "zod";

/** Sends one request of the panel protocol (form fields, `action` included) and returns the parsed JSON body. */
export type Transport = (form: Record<string, string>) => Promise<unknown>;

/**
 * Why a call failed. `refused`: the provider answered with an `error` (nothing was done, safe to retry).
 * `unreachable`: no readable answer (timeout, network, not JSON): an `add` may or may not have happened.
 */
export class ProviderError extends Error {
  readonly kind: "refused" | "unreachable";
  constructor(kind: "refused" | "unreachable", message: string) {
    super(message);
    this.kind = kind;
  }
}

const REQUEST_TIMEOUT_MS = 15_000;

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
      throw new ProviderError("unreachable", `No answer from the provider (${(error as Error).message})`);
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

const serviceSchema = z.object({
  service: idText,
  name: z.string().max(500),
  type: z.string().max(100).default("Default"),
  category: z.string().max(500).default(""),
  rate: numberText,
  min: z.coerce.number().int(),
  max: z.coerce.number().int(),
});
export type ProviderService = z.output<typeof serviceSchema>;

/** The provider's service list (entries it sends that are not understood are left out). */
export async function listProviderServices(transport: Transport): Promise<ProviderService[]> {
  const answer = await call(transport, { action: "services" });
  if (!Array.isArray(answer)) throw unexpected("services");
  return answer.flatMap((entry) => {
    const parsed = serviceSchema.safeParse(entry);
    return parsed.success ? [parsed.data] : [];
  });
}

export type AddInput = {
  service: string;
  link: string;
  quantity: number;
  /** Sent only to providers that honour it: the same key returns the same order. */
  idempotencyKey?: string;
};

/** Places an order upstream; returns the provider's order id. */
export async function addProviderOrder(transport: Transport, input: AddInput): Promise<string> {
  const form: Record<string, string> = {
    action: "add",
    service: input.service,
    link: input.link,
    quantity: String(input.quantity),
  };
  if (input.idempotencyKey) form.idempotency_key = input.idempotencyKey;
  const parsed = z.object({ order: idText }).safeParse(await call(transport, form));
  if (!parsed.success) throw unexpected("add");
  return parsed.data.order;
}

/**
 * Places a subscription upstream (the panel's "Subscriptions" service type): `posts` future posts of
 * `username`, `quantity` each. Returns the provider's order id, polled with `status` like any order.
 */
export async function addProviderSubscription(
  transport: Transport,
  input: { service: string; username: string; quantity: number; posts: number; idempotencyKey?: string },
): Promise<string> {
  const form: Record<string, string> = {
    action: "add",
    service: input.service,
    username: input.username,
    min: String(input.quantity),
    max: String(input.quantity),
    posts: String(input.posts),
    delay: "0",
  };
  if (input.idempotencyKey) form.idempotency_key = input.idempotencyKey;
  const parsed = z.object({ order: idText }).safeParse(await call(transport, form));
  if (!parsed.success) throw unexpected("add");
  return parsed.data.order;
}

export type UpstreamOrderStatus =
  | { ok: true; status: string; remains: unknown; charge: string | null; posts: unknown }
  | { ok: false; error: string };

const statusSchema = z.object({
  status: z.string(),
  remains: z.unknown().optional(),
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
      statuses.set(id, { ok: false, error: String(failed.data.error).slice(0, 300) });
      continue;
    }
    const parsed = statusSchema.safeParse(entry);
    statuses.set(
      id,
      parsed.success
        ? {
            ok: true,
            status: parsed.data.status,
            remains: parsed.data.remains,
            charge: parsed.data.charge ?? null,
            posts: parsed.data.posts,
          }
        : { ok: false, error: "Status not understood" },
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
