import type { UIMatch } from "react-router";

/**
 * What a live update is about (product rules 12.5): an order's status (`order` events) or the wallet's balance
 * (`balance` events: a deposit, a charge, a refund).
 */
export type LiveTopic = "orders" | "balance";

/**
 * What a route module says in its `handle` about live updates: the topics its loader shows. A page is read again
 * only on an update about one of them; a page that names none (an order form, /mass-order, /profile) is never
 * read again by a live update or by the window regaining focus: the header's balance follows on its own.
 */
export type LiveHandle = { live?: readonly LiveTopic[] };

/** The topics the matched routes of the page on screen show. */
export function liveTopicsOf(matches: readonly Pick<UIMatch, "handle">[]): ReadonlySet<LiveTopic> {
  const topics = new Set<LiveTopic>();
  for (const match of matches) {
    const live = (match.handle as LiveHandle | undefined)?.live;
    for (const topic of live ?? []) topics.add(topic);
  }
  return topics;
}
