import { sql } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import type { OrderStatus } from "../orders/set-order-status.server.ts";
import { cents, centsFromSql } from "../pricing/cents.ts";
import { API_STATUS, apiDollars } from "./api-order-status.ts";

/** A subscription's post, answered by its order id like an order (docs/decisions/049). */
export type ApiPostStatus = {
  charge: string;
  start_count: string;
  status: string;
  remains: string;
  currency: "USD";
};

const API_ID = /^\d{1,15}$/;

type PostRow = {
  id: string;
  cost_per_post_cents: string | number;
  likes_per_post: number;
  state: string;
  outcome: OrderStatus | null;
  remains: number | null;
  start_count: number | null;
  refunded: string | number;
};

/** Where the post's latest try stands, in the order statuses' words. */
function postStatus(row: PostRow): OrderStatus {
  if (row.state === "done") return row.outcome ?? "completed";
  return row.state === "queued" || row.state === "submitting" ? "pending" : "in_progress";
}

/** The units of the post not delivered: none once completed, all of them once cancelled or failed. */
function postRemains(row: PostRow, status: OrderStatus): number {
  if (status === "completed") return 0;
  if (status === "cancelled" || status === "failed") return row.likes_per_post;
  return Math.min(Math.max(row.remains ?? row.likes_per_post, 0), row.likes_per_post);
}

/**
 * The caller's subscription posts among the ids, by the id as sent: each post's latest try (a post sent again keeps
 * its id), its cost less its refund (a partial post's undelivered share), the provider's start count and remains.
 */
export async function readApiPostStatuses(
  db: Executor,
  userId: string,
  ids: string[],
): Promise<Map<string, ApiPostStatus>> {
  const postIds = [...new Set(ids.filter((id) => API_ID.test(id)))];
  const statuses = new Map<string, ApiPostStatus>();
  if (postIds.length === 0) return statuses;
  const result = await db.execute<PostRow>(sql`
    select f.post_order_id::text as id, a.cost_per_post_cents, a.likes_per_post,
      (array_agg(f.state::text order by f.created_at desc, f.id desc))[1] as state,
      (array_agg(f.outcome::text order by f.created_at desc, f.id desc))[1] as outcome,
      (array_agg(f.upstream_remains order by f.created_at desc, f.id desc))[1] as remains,
      (array_agg(f.upstream_start_count order by f.created_at desc, f.id desc))[1] as start_count,
      (select coalesce(sum(t.amount_cents), 0) from transactions t
        where t.type = 'refund' and t.fulfilment_id = any(array_agg(f.id))) as refunded
    from fulfilments f
    join auto_orders a on a.id = f.auto_order_id
    where a.user_id = ${userId}
      and f.post_order_id in (${sql.join(
        postIds.map((id) => sql`${id}::bigint`),
        sql`, `,
      )})
    group by f.post_order_id, a.id`);
  const byId = new Map(result.rows.map((row) => [row.id, row]));
  for (const id of ids) {
    const row = API_ID.test(id) ? byId.get(String(Number(id))) : undefined;
    if (!row) continue;
    const status = postStatus(row);
    const charged = centsFromSql(row.cost_per_post_cents) - centsFromSql(row.refunded);
    statuses.set(id, {
      charge: apiDollars(cents(Math.max(charged, 0))),
      start_count: String(row.start_count ?? 0),
      status: API_STATUS[status],
      remains: String(postRemains(row, status)),
      currency: "USD",
    });
  }
  return statuses;
}
