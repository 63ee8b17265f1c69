/**
 * The saved order intent (customer spec sections 3 and 4): a visitor who places an order, or a customer whose
 * balance is too low, keeps the form they filled while they sign up or add funds. On returning to the same
 * page the form is restored; a successful order clears it. Browser storage only: every call is safe during
 * server rendering (no window) and when storage is blocked.
 */
export const ORDER_INTENT_KEY = "boostly.order-intent.v1";
/** An intent older than this is ignored (and dropped). */
export const ORDER_INTENT_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/** The form fields of an order page, by field name. */
export type OrderIntentPayload = Record<string, string>;
export type OrderIntent = { path: string; payload: OrderIntentPayload; createdAt: number };

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** Remembers the form of the order page at `path` (path and query) for the customer's return. */
export function saveOrderIntent(path: string, payload: OrderIntentPayload, now = Date.now()): void {
  const intent: OrderIntent = { path, payload, createdAt: now };
  try {
    storage()?.setItem(ORDER_INTENT_KEY, JSON.stringify(intent));
  } catch {
    // Full or blocked storage: the customer fills the form again, nothing worse.
  }
}

/** The saved form of the page at `path`, or null: none, another page's, too old or unreadable. */
export function readOrderIntent(path: string, now = Date.now()): OrderIntentPayload | null {
  const store = storage();
  if (!store) return null;
  let intent: OrderIntent | null = null;
  try {
    intent = parseIntent(store.getItem(ORDER_INTENT_KEY));
  } catch {
    return null;
  }
  if (!intent) return null;
  const age = now - intent.createdAt;
  if (age < 0 || age > ORDER_INTENT_MAX_AGE_MS) {
    clearOrderIntent();
    return null;
  }
  return intent.path === path ? intent.payload : null;
}

/** Forgets the saved form (after a successful order). */
export function clearOrderIntent(): void {
  try {
    storage()?.removeItem(ORDER_INTENT_KEY);
  } catch {
    // Nothing to clear when storage is unavailable.
  }
}

function parseIntent(text: string | null): OrderIntent | null {
  if (!text) return null;
  const value: unknown = JSON.parse(text);
  if (typeof value !== "object" || value === null) return null;
  const { path, payload, createdAt } = value as Record<string, unknown>;
  if (typeof path !== "string" || typeof createdAt !== "number") return null;
  if (typeof payload !== "object" || payload === null || Array.isArray(payload)) return null;
  const fields: OrderIntentPayload = {};
  for (const [name, field] of Object.entries(payload)) if (typeof field === "string") fields[name] = field;
  return { path, payload: fields, createdAt };
}
