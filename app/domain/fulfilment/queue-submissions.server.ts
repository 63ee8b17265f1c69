import { sql } from "drizzle-orm";
import type { Database } from "../../db/client.server.ts";

/**
 * Queues the next post of every active auto order whose service has a provider (docs/decisions/008):
 * a provider's "Subscriptions" service gets the whole auto order once, as one subscription (post 0);
 * any other service gets it post by post, each post one ordinary upstream order of the per-post quantity
 * on the customer's profile, the next one only after the previous one has finished. An auto order with a
 * submission held for an admin gets nothing new until the admin has dealt with it.
 */
export async function queueAutoOrderPosts(db: Database): Promise<number> {
  const result = await db.execute(sql`
    insert into fulfilments
      (auto_order_id, post_number, post_order_id, provider_id, provider_service_id, link, quantity, idempotency_key)
    select a.id, next.post_number,
      -- A post's order id in the reseller API (docs/decisions/049): numbered once, kept by every try of the post.
      case when next.post_number > 0 then coalesce(
        (select min(f.post_order_id) from fulfilments f
          where f.auto_order_id = a.id and f.post_number = next.post_number),
        nextval('order_number_seq')) end,
      ps.provider_id, ps.provider_service_id,
      case when next.post_number = 0 then ltrim(a.target_username, '@')
        else 'https://www.instagram.com/' || ltrim(a.target_username, '@') || '/' end,
      a.likes_per_post,
      'boostly-auto-' || a.id || '-' || next.post_number || '-' || next.tries
    from auto_orders a
    join provider_services ps on ps.service_id = a.service_id
    cross join lateral (
      select p.post_number,
        (select count(*) from fulfilments f where f.auto_order_id = a.id and f.post_number = p.post_number) as tries
      from (select case when ps.provider_service_type = 'Subscriptions' then 0
        else a.total_posts - a.remaining_posts + 1 end as post_number) p
    ) next
    where a.status = 'active' and a.remaining_posts > 0 and a.likes_per_post > 0
      and not exists (
        select 1 from fulfilments f where f.auto_order_id = a.id
          and (f.state in ('queued', 'submitting', 'submitted', 'needs_attention')
            or (next.post_number = 0 and f.post_number = 0)))
    on conflict do nothing`);
  return result.rowCount ?? 0;
}

/** Submissions whose order an admin ended (or whose auto order ended) before they were sent are not sent any more. */
export async function dropOvertakenSubmissions(db: Database): Promise<void> {
  await db.execute(sql`
    update fulfilments f set state = 'done', last_error = 'Not sent: the order ended before submission',
      updated_at = now()
    where f.state = 'queued' and (
      exists (select 1 from orders o where o.id = f.order_id
        and o.status in ('completed', 'partial', 'cancelled', 'failed'))
      or exists (select 1 from auto_orders a where a.id = f.auto_order_id
        and (a.status in ('cancelled', 'completed') or a.remaining_posts = 0)))`);
}
