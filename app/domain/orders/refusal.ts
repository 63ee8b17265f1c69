import type { Notice } from "./messages.ts";

/** Why an order or a change was refused; nothing was charged or changed. */
export type RefusalReason =
  | "invalid"
  | "insufficient_funds"
  | "price_changed"
  | "unavailable"
  | "not_found"
  | "conflict"
  | "forbidden";

export type Refusal = {
  ok: false;
  reason: RefusalReason;
  notice: Notice;
  /** The form field the refusal is about, when there is one. */
  field?: string;
  /** A machine-readable code for API answers, where the spec names one. */
  code?: string;
  balanceCents?: number;
  totalCents?: number;
  /** For "forbidden": the verdict of the order's authorisation (an API key's), for the area that gave it. */
  authorisation?: unknown;
};

export function refuse(
  reason: RefusalReason,
  notice: Notice,
  extra: Partial<Omit<Refusal, "ok" | "reason" | "notice">> = {},
): Refusal {
  return { ok: false, reason, notice, ...extra };
}

/** The HTTP status that matches a refusal, for API answers. */
export function refusalStatus(reason: RefusalReason): number {
  switch (reason) {
    case "invalid":
      return 422;
    case "insufficient_funds":
      return 402;
    case "price_changed":
    case "conflict":
      return 409;
    case "unavailable":
      return 503;
    case "not_found":
      return 404;
    case "forbidden":
      return 403;
  }
}
