import { ReferenceTable } from "../../components/ui/reference-table.tsx";
import {
  COMMENT_MAX_LENGTH,
  DRIP_FEED_INTERVAL_MINUTES,
  DRIP_FEED_RUNS,
} from "../../domain/orders/order-types.ts";
import { AUTO_POSTS_MAX, AUTO_POSTS_MIN } from "../../domain/orders/quantity-input.ts";
import { SUBSCRIPTION_DELAY_MAX_MINUTES } from "../../domain/reseller/api-text.ts";

/** The order types `services` lists (its `type`), what `add` takes for each and what `status` answers. */
const orderTypes = [
  {
    type: "Default",
    add: "link, quantity; runs, interval (drip-feed)",
    status: "charge, start_count, status, remains, currency",
    note: `A one-time order: quantity units delivered to the link. Where services says dripfeed: true, runs (${DRIP_FEED_RUNS.min} to ${DRIP_FEED_RUNS.max}) and interval (${DRIP_FEED_INTERVAL_MINUTES.min} to ${DRIP_FEED_INTERVAL_MINUTES.max} minutes) deliver runs × quantity, one run every interval; runs × quantity is charged once and runs not delivered are refunded.`,
  },
  {
    type: "Custom Comments",
    add: "link, comments (one per line)",
    status: "charge, start_count, status, remains, currency",
    note: `Your own comments, one per line (up to ${COMMENT_MAX_LENGTH} characters each; blank lines are dropped): the quantity is their count.`,
  },
  {
    type: "Package",
    add: "link",
    status: "charge, start_count, status, remains, currency",
    note: "One package at its fixed price (a Real Instagram Likes pack, or a service sold per package): rate is the price of one package, min and max are 1, and quantity, if sent, must be 1. remains in status counts packages (0 or 1): a package not delivered (remains 1) is refunded in full.",
  },
  {
    type: "Subscriptions",
    add: `username (or the profile's link), min, max, posts (${AUTO_POSTS_MIN} to ${AUTO_POSTS_MAX}, or 0 for ${AUTO_POSTS_MAX}); delay (minutes, 0 to ${SUBSCRIPTION_DELAY_MAX_MINUTES}), expiry (d/m/Y)`,
    status: "charge, status, posts, orders, remains, currency",
    note: "Likes, views or comments on each of the profile's next posts. Every post gets max (min may not exceed it), and posts × max is charged up front. status is Active or Paused while it serves posts, then Completed, Expired or Canceled; posts counts the posts served, orders lists each post's order id, remains the posts left; cancel ends it and refunds the posts left at once. delay is the wait before each new post is served; after the expiry day the subscription ends and the posts left are refunded.",
  },
];

/** The /api page's table of order types. */
export function OrderTypesTable() {
  return (
    <ReferenceTable
      caption="Order types, the fields add takes for each and what status answers"
      rows={orderTypes}
      rowKey={(row) => row.type}
      columns={[
        { header: "type", cell: (row) => row.type, code: true, emphasis: true },
        { header: "add takes", cell: (row) => row.add, code: true },
        { header: "status answers", cell: (row) => row.status, code: true },
        { header: "What it is", cell: (row) => row.note },
      ]}
    />
  );
}
