// The money behind bench:admin's orders (docs/decisions/041): a purchase ledger row for every order, the refund
// of each partial (a quarter undelivered), cancelled and failed one an hour later, a deposit per customer, a
// bonus for one customer in ten, and one sent part per provider-delivered order with its cost (60% of its charge;
// one part in 50 without a known cost, one in 3 costed from the provider's own charge). A part is open while its
// provider delivers, hours to days: the parts of the last two days' open orders are still submitted, one older open
// order's part in 1,000 is stuck needing attention, and the others have ended (the bench's order statuses are
// spread evenly over its whole history for the lists, which no running shop's open orders are). Balances are set to
// the sum of each customer's ledger rows afterwards, so balance == sum(ledger) holds as in a running shop.
import { sql } from "drizzle-orm";
import type { Executor } from "../../app/db/client.server.ts";

/** The dashboard's views that read these rows: the money figures of each period. */
export const FIGURE_PATHS = ["/admin", "/admin?days=7", "/admin?days=90"];

/** Ledger rows, deposits and sent parts for every order of the bench, set-based. */
export async function generateMoneyRows(db: Executor) {
  await db.execute(sql`
    insert into transactions (user_id, type, amount_cents, order_id, created_at)
    select user_id, 'purchase', -total_cents, id, created_at from orders`);
  await db.execute(sql`
    insert into transactions (user_id, type, amount_cents, order_id, created_at)
    select user_id, 'refund',
           case when status = 'partial' then greatest(total_cents / 4, 1) else total_cents end,
           id, least(created_at + interval '1 hour', now())
    from orders where status in ('partial', 'cancelled', 'failed') and total_cents > 0`);
  await db.execute(sql`update orders set remains = quantity / 4 where status = 'partial'`);
  await db.execute(sql`
    insert into fulfilments (order_id, part, provider_id, provider_service_id, link, quantity, charge_cents,
                             cost_cents, cost_from_provider, idempotency_key, provider_order_id, state, outcome,
                             upstream_remains, submitted_at, next_attempt_at, created_at, updated_at)
    select o.id, 'order', ps.provider_id, ps.provider_service_id, o.target_link, o.quantity, o.total_cents,
           case when substr(o.order_number, 5)::bigint % 50 = 0 then null else (o.total_cents * 6 + 9) / 10 end,
           substr(o.order_number, 5)::bigint % 3 = 0,
           'bench-order-' || o.id, 'bench-' || o.order_number,
           (case when o.status in ('completed', 'partial', 'cancelled', 'failed') then 'done'
                 when o.created_at > now() - interval '2 days' then 'submitted'
                 when substr(o.order_number, 5)::bigint % 1000 = 0 then 'needs_attention'
                 else 'done' end)::fulfilment_state,
           case when o.status in ('completed', 'partial', 'cancelled', 'failed') then o.status end,
           case when o.status = 'partial' then o.quantity / 4 end,
           least(o.created_at + interval '1 minute', now()), now(), o.created_at, now()
    from orders o join provider_services ps on ps.service_id = o.service_id
    where o.delivery = 'provider'`);
  // One deposit per customer covering what they bought, spread over the same months as the orders.
  await db.execute(sql`
    insert into transactions (user_id, type, amount_cents, payment_method, payment_gateway_id, created_at)
    select u.id, 'deposit', coalesce(spent.cents, 0) + 1000, 'card', 'bench_dep_' || u.id,
           now() - (row_number() over (order by u.email)) * interval '3 minutes'
    from users u
    left join (select user_id, sum(total_cents) as cents from orders group by user_id) spent on spent.user_id = u.id
    where u.email like 'bench-user-%'`);
  await db.execute(sql`
    insert into transactions (user_id, type, amount_cents, metadata, created_at)
    select id, 'bonus', 100, '{"kind":"new_user"}'::jsonb, created_at
    from users where email like 'bench-user-%0@example.test'`);
  await db.execute(sql`
    update users set balance_cents = ledger.cents
    from (select user_id, sum(amount_cents) as cents from transactions group by user_id) ledger
    where ledger.user_id = users.id`);
}
