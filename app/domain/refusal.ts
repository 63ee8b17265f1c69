/**
 * Why the shop refused a request, in one vocabulary for every area (docs/decisions/017): nothing was charged or
 * changed. An area returns `{ ok: true, ... } | Refusal`; each edge maps a refusal once, pages through
 * `refusalAnswer` (refusal-answer.server.ts) and the reseller API through `apiRefusalAnswer` (reseller/api-answer.ts).
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
  /** A machine-readable code, where the spec names one (an API answer's `code`, a page's special case). */
  code?: string;
  /** For "rate_limited": when to try again (the answer's Retry-After). */
  retryAfterSeconds?: number;
};

/** What a refusal may say besides its kind and message. */
export type RefusalDetails = Omit<Refusal, "ok" | "kind" | "message">;

/** A refusal of the given kind with the spec's message. */
export function refuse(kind: RefusalKind, message: string, details: RefusalDetails = {}): Refusal {
  return { ok: false, kind, message, ...details };
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

/** The HTTP status that names a refusal's kind, for answers whose status carries it (refusalStatusAnswer). */
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
