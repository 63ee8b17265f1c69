import type { z } from "zod";
import type { Cents } from "../db/cents.ts";

/**
 * Why the shop refused a request, in one vocabulary for every area (docs/decisions/017, 033): nothing was charged
 * or changed. An area returns `{ ok: true, ... } | Refusal`; each edge maps a refusal once: pages through
 * `refusalAnswer` (refusal-answer.server.ts), the reseller API through `apiRefusalAnswer` (reseller/api-answer.ts),
 * a form's fields through `fieldErrorsOf` (components/ui/field-errors.ts).
 */
export type RefusalKind =
  | "invalid"
  | "not_found"
  | "forbidden"
  | "conflict"
  | "insufficient_funds"
  | "rate_limited"
  | "unavailable"
  /** Something failed on our side (logged where it happened); the customer may try again. */
  | "failed";

export type Refusal = {
  ok: false;
  kind: RefusalKind;
  /** The specs' own text, shown as it is. */
  message: string;
  /** The toast's title, where the spec names one for this refusal. */
  title?: string;
  /** The form field the refusal is about, when there is one. */
  field?: string;
  /** For a form refused field by field (the admin forms, the contact form): the message beside each field. */
  fieldErrors?: Record<string, string>;
  /**
   * A machine-readable code, where the spec names one (an API answer's `code`, a page's special case):
   * `unverified`, `not_admin`, `price_changed`, `invalid_key`, `quantity_below_min`, ...
   */
  code?: string;
  /** For "rate_limited": when to try again (the answer's Retry-After). */
  retryAfterSeconds?: number;
  /** An order's refusal: the wallet's balance and the order's total ('Insufficient Balance', a changed price). */
  balanceCents?: Cents;
  totalCents?: Cents;
  /** A quantity outside the service's limits: the limit it passed (codes quantity_below_min, quantity_above_max). */
  quantityLimit?: number;
  /** For "forbidden": the verdict of an order's authorisation (an API key's), read by the area that gave it. */
  authorisation?: unknown;
};

/** A refusal's text: the message alone, or the spec's title and message (a `Notice`, or another refusal's). */
export type RefusalText = string | { title?: string; message: string };

/** What a refusal may say besides its kind and text. */
export type RefusalDetails = Omit<Refusal, "ok" | "kind" | "message">;

/** A refusal of the given kind with the spec's text (and its title, when the text is a title and message). */
export function refuse(kind: RefusalKind, text: RefusalText, details: RefusalDetails = {}): Refusal {
  if (typeof text === "string") return { ok: false, kind, message: text, ...details };
  const title = text.title === undefined ? {} : { title: text.title };
  return { ok: false, kind, message: text.message, ...title, ...details };
}

/** Refused by a limit: the message and when to try again (product rules 10.5: 429 with Retry-After). */
export function rateLimited(
  message: string,
  retryAfterSeconds: number,
  details: RefusalDetails = {},
): Refusal {
  return refuse("rate_limited", message, { ...details, retryAfterSeconds });
}

/** Refused because something failed on our side (log the cause where it happened). */
export function failed(message: string, details: RefusalDetails = {}): Refusal {
  return refuse("failed", message, details);
}

/** What a toast shows for a refusal: its title ("" when it has none) and its message. */
export function noticeOf(refusal: { title?: string; message: string }): { title: string; message: string } {
  return { title: refusal.title ?? "", message: refusal.message };
}

/**
 * The first message per field of a failed parse (the schemas carry the shop's own messages), for a refusal's
 * `fieldErrors`; an issue about no field is filed under "form".
 */
export function issuesByField(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "form");
    errors[field] ??= issue.message;
  }
  return errors;
}

/** The HTTP status that names a refusal's kind, for answers whose status carries it (refusalAnswer's "kind"). */
export function refusalHttpStatus(kind: RefusalKind): number {
  switch (kind) {
    case "invalid":
      return 422;
    case "insufficient_funds":
      return 402;
    case "conflict":
      return 409;
    case "unavailable":
      return 503;
    case "not_found":
      return 404;
    case "forbidden":
      return 403;
    case "rate_limited":
      return 429;
    case "failed":
      return 500;
  }
}
