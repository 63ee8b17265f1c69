/**
 * A strict API v2 client, written from the protocol the way the smm-api-php library reads answers
 * (docs/decisions/020): an answer is a refusal only when `error` is its one member, so per-item errors inside a
 * batch answer stay data, and an answer with `error` beside anything else would be taken as data with no order
 * id. Its methods are the library's; it knows nothing of the shop's own code.
 */

// biome-ignore lint/suspicious/noExplicitAny: JSON answers, read field by field as a client does
type Json = any;

/** A refusal as the strict client sees it: an answer whose one member is `error`. */
export class ApiRefused extends Error {
  readonly error: string;
  constructor(error: string) {
    super(error);
    this.error = error;
  }
}

export class StrictApiClient {
  private readonly url: string;
  private readonly key: string;
  constructor(url: string, key: string) {
    this.url = url;
    this.key = key;
  }

  /** One request: a form POST of `key`, `action` and the fields; the JSON answer, or ApiRefused. */
  async connect(action: string, fields: Record<string, string | number> = {}): Promise<Json> {
    const body = new URLSearchParams({ key: this.key, action });
    for (const [name, value] of Object.entries(fields)) body.set(name, String(value));
    const response = await fetch(this.url, { method: "POST", body });
    if (response.status !== 200) throw new Error(`HTTP ${response.status} for ${action}`);
    const answer: Json = await response.json();
    const isObject = answer !== null && typeof answer === "object" && !Array.isArray(answer);
    if (isObject && Object.keys(answer).length === 1 && typeof answer.error === "string")
      throw new ApiRefused(answer.error);
    return answer;
  }

  services(): Promise<Json> {
    return this.connect("services");
  }

  /** `add` with the order type's fields; the new order's id. */
  async order(fields: Record<string, string | number>): Promise<number> {
    const answer = await this.connect("add", fields);
    if (!Number.isSafeInteger(answer.order)) throw new Error(`No order id in ${JSON.stringify(answer)}`);
    return answer.order;
  }

  status(order: number): Promise<Json> {
    return this.connect("status", { order });
  }

  multiStatus(orders: number[]): Promise<Json> {
    return this.connect("status", { orders: orders.join(",") });
  }

  refill(order: number): Promise<Json> {
    return this.connect("refill", { order });
  }

  multiRefill(orders: number[]): Promise<Json> {
    return this.connect("refill", { orders: orders.join(",") });
  }

  refillStatus(refill: number): Promise<Json> {
    return this.connect("refill_status", { refill });
  }

  multiRefillStatus(refills: number[]): Promise<Json> {
    return this.connect("refill_status", { refills: refills.join(",") });
  }

  cancel(orders: number[]): Promise<Json> {
    return this.connect("cancel", { orders: orders.join(",") });
  }

  balance(): Promise<Json> {
    return this.connect("balance");
  }
}

/** What a strict client's call ended with: its answer, or the refusal's text. */
export async function refusalOf(call: Promise<unknown>): Promise<string> {
  try {
    const answer = await call;
    throw new Error(`Expected a refusal, got ${JSON.stringify(answer)}`);
  } catch (error) {
    if (error instanceof ApiRefused) return error.error;
    throw error;
  }
}
