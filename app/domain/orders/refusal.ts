import type { Cents } from "../pricing/cents.ts";
import type { RefusalKind, Refusal as ShopRefusal } from "../refusal.ts";
import type { Notice } from "./messages.ts";

/**
 * Why an order or a change was refused; nothing was charged or changed. The shop's kinds (app/domain/refusal.ts),
 * plus "price_changed", a conflict of its own: the order statement saw another price than the page showed.
 */
export type RefusalReason = Exclude<RefusalKind, "rate_limited" | "failed"> | "price_changed";

/**
 * An order area's refusal: a shop Refusal (kind, message, title) that also keeps its reason and notice, which the
 * order pages and their tests read.
 */
export type Refusal = ShopRefusal & {
  reason: RefusalReason;
  notice: Notice;
  balanceCents?: Cents;
  totalCents?: Cents;
  /** For a quantity outside the service's limits: the limit it passed (codes quantity_below_min, quantity_above_max). */
  quantityLimit?: number;
  /** For "forbidden": the verdict of the order's authorisation (an API key's), for the area that gave it. */
  authorisation?: unknown;
};

/** The shop kind of an order refusal's reason. */
function kindOf(reason: RefusalReason): RefusalKind {
  return reason === "price_changed" ? "conflict" : reason;
}

export function refuse(
  reason: RefusalReason,
  notice: Notice,
  extra: Partial<Omit<Refusal, "ok" | "kind" | "message" | "title" | "reason" | "notice">> = {},
): Refusal {
  // A price change (product rules 1.2) keeps its own API code (docs/decisions/017); other reasons are their kind.
  const code = extra.code ?? (reason === "price_changed" ? reason : undefined);
  const shown = { message: notice.message, title: notice.title };
  return { ok: false, kind: kindOf(reason), ...shown, reason, notice, ...extra, ...(code ? { code } : {}) };
}
