-- The one-active-order-per-link check (0030) looks up the customer's active orders on the link once per inserted
-- order. PL/pgSQL keeps that look-up's plan for the connection's life: planned while `orders` was small (a new shop,
-- a table just emptied), it stayed a sequential scan as the table grew, so each order read every order and a bulk
-- insert of 100,000 took minutes. With sequential scans off inside the function its plan is always the partial
-- index `orders_active_link_idx` (and the idempotency key's unique index), whatever the table's size was when the
-- plan was made.
ALTER FUNCTION "orders_one_active_per_link"() SET enable_seqscan = off;
