ALTER TABLE "fulfilments" ADD COLUMN "post_order_id" bigint;--> statement-breakpoint
CREATE INDEX "fulfilments_post_order_idx" ON "fulfilments" USING btree ("post_order_id") WHERE "fulfilments"."post_order_id" is not null;--> statement-breakpoint
CREATE INDEX "orders_active_link_idx" ON "orders" USING btree ("user_id","service_id","target_link") WHERE "orders"."status" in ('pending', 'processing', 'in_progress');--> statement-breakpoint
CREATE FUNCTION "orders_one_active_per_link"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A customer's second order on a link while one on the same service has not ended (product rules 4.27).
  -- Only an order stored as not ended can be a second one (a set of past orders inserted at once is not checked).
  IF NEW.status NOT IN ('pending', 'processing', 'in_progress') THEN
    RETURN NEW;
  END IF;
  -- A repeated idempotency key is the unique key's to answer (its first order is returned, nothing charged).
  IF NEW.idempotency_key IS NOT NULL AND EXISTS (
    SELECT 1 FROM "orders" o WHERE o.user_id = NEW.user_id AND o.idempotency_key = NEW.idempotency_key
  ) THEN
    RETURN NEW;
  END IF;
  -- The customer's row serialises the customer's orders until their transactions end (a paid order holds it
  -- already: its charge updated it); the look-up after it runs on a fresh snapshot (a volatile function's own
  -- statement), so it sees an order committed while this one waited. A row lock, not an advisory one: a large
  -- insert takes no slot of the shared lock table per row.
  PERFORM 1 FROM "users" WHERE id = NEW.user_id FOR UPDATE;
  IF EXISTS (
    SELECT 1 FROM "orders" o
    WHERE o.user_id = NEW.user_id AND o.service_id = NEW.service_id AND o.target_link = NEW.target_link
      AND o.status IN ('pending', 'processing', 'in_progress') AND o.id <> NEW.id
  ) THEN
    RAISE EXCEPTION 'An order on this link and service is active' USING ERRCODE = 'unique_violation', CONSTRAINT = 'orders_one_active_per_link';
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "orders_one_active_per_link" BEFORE INSERT ON "orders" FOR EACH ROW EXECUTE FUNCTION "orders_one_active_per_link"();
