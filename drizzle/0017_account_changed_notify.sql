-- The account page cache (docs/decisions/032-account-page-cache.md): every change to what a customer's own
-- dashboard shows (balance and role, orders and their cancel state, transactions, auto orders, tickets and their
-- threads) notifies every app server with the customer's id, delivered when its transaction commits. Triggers,
-- so no writer (checkout, worker, admin, script) can forget it. Notices with the same payload in one transaction
-- reach listeners once. A TRUNCATE says '*': every customer's pages.
CREATE OR REPLACE FUNCTION "notify_account_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  account uuid;
  previous uuid;
BEGIN
  IF TG_ARGV[0] = 'id' THEN
    IF TG_OP <> 'INSERT' THEN previous := OLD.id; END IF;
    IF TG_OP <> 'DELETE' THEN account := NEW.id; END IF;
  ELSIF TG_ARGV[0] = 'user_id' THEN
    IF TG_OP <> 'INSERT' THEN previous := OLD.user_id; END IF;
    IF TG_OP <> 'DELETE' THEN account := NEW.user_id; END IF;
  ELSIF TG_ARGV[0] = 'ticket_id' THEN
    IF TG_OP = 'DELETE' THEN
      SELECT t.user_id INTO account FROM tickets t WHERE t.id = OLD.ticket_id;
    ELSE
      SELECT t.user_id INTO account FROM tickets t WHERE t.id = NEW.ticket_id;
    END IF;
  ELSIF TG_ARGV[0] = 'order_id' THEN
    IF TG_OP = 'DELETE' THEN
      SELECT o.user_id INTO account FROM orders o WHERE o.id = OLD.order_id;
    ELSE
      SELECT o.user_id INTO account FROM orders o WHERE o.id = NEW.order_id;
    END IF;
  ELSE
    RAISE EXCEPTION 'notify_account_changed: unknown key %', TG_ARGV[0];
  END IF;
  IF account IS NOT NULL THEN
    PERFORM pg_notify('account_changed', account::text);
  END IF;
  IF previous IS NOT NULL AND previous IS DISTINCT FROM account THEN
    PERFORM pg_notify('account_changed', previous::text);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "notify_every_account_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('account_changed', '*');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- A balance never changes without its ledger row (product rules 1.3), whose insert notifies: the user's own row
-- notifies for what else its pages show (the e-mail address) and its deletion, not once more on every order.
CREATE TRIGGER "users_account_changed" AFTER UPDATE OF "email" ON "users"
  FOR EACH ROW WHEN (OLD.email IS DISTINCT FROM NEW.email)
  EXECUTE FUNCTION "notify_account_changed"('id');
--> statement-breakpoint
CREATE TRIGGER "users_removed_account_changed" AFTER DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION "notify_account_changed"('id');
--> statement-breakpoint
CREATE TRIGGER "user_roles_account_changed" AFTER INSERT OR UPDATE OR DELETE ON "user_roles"
  FOR EACH ROW EXECUTE FUNCTION "notify_account_changed"('user_id');
--> statement-breakpoint
CREATE TRIGGER "orders_account_changed" AFTER INSERT OR UPDATE OR DELETE ON "orders"
  FOR EACH ROW EXECUTE FUNCTION "notify_account_changed"('user_id');
--> statement-breakpoint
CREATE TRIGGER "transactions_account_changed" AFTER INSERT OR UPDATE OR DELETE ON "transactions"
  FOR EACH ROW EXECUTE FUNCTION "notify_account_changed"('user_id');
--> statement-breakpoint
CREATE TRIGGER "auto_orders_account_changed" AFTER INSERT OR UPDATE OR DELETE ON "auto_orders"
  FOR EACH ROW EXECUTE FUNCTION "notify_account_changed"('user_id');
--> statement-breakpoint
CREATE TRIGGER "tickets_account_changed" AFTER INSERT OR UPDATE OR DELETE ON "tickets"
  FOR EACH ROW EXECUTE FUNCTION "notify_account_changed"('user_id');
--> statement-breakpoint
CREATE TRIGGER "ticket_messages_account_changed" AFTER INSERT OR UPDATE OR DELETE ON "ticket_messages"
  FOR EACH ROW EXECUTE FUNCTION "notify_account_changed"('ticket_id');
--> statement-breakpoint
-- A fulfilment moves an order's page only through its cancel state (the order's own row covers the rest).
CREATE TRIGGER "fulfilments_cancel_account_changed" AFTER UPDATE OF "cancel_state" ON "fulfilments"
  FOR EACH ROW WHEN (OLD.cancel_state IS DISTINCT FROM NEW.cancel_state)
  EXECUTE FUNCTION "notify_account_changed"('order_id');
--> statement-breakpoint
CREATE TRIGGER "fulfilments_cancel_added_account_changed" AFTER INSERT ON "fulfilments"
  FOR EACH ROW WHEN (NEW.cancel_state IS NOT NULL)
  EXECUTE FUNCTION "notify_account_changed"('order_id');
--> statement-breakpoint
CREATE TRIGGER "fulfilments_cancel_removed_account_changed" AFTER DELETE ON "fulfilments"
  FOR EACH ROW WHEN (OLD.cancel_state IS NOT NULL)
  EXECUTE FUNCTION "notify_account_changed"('order_id');
--> statement-breakpoint
CREATE TRIGGER "users_every_account_changed" AFTER TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_every_account_changed"();
--> statement-breakpoint
CREATE TRIGGER "user_roles_every_account_changed" AFTER TRUNCATE ON "user_roles"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_every_account_changed"();
--> statement-breakpoint
CREATE TRIGGER "orders_every_account_changed" AFTER TRUNCATE ON "orders"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_every_account_changed"();
--> statement-breakpoint
CREATE TRIGGER "transactions_every_account_changed" AFTER TRUNCATE ON "transactions"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_every_account_changed"();
--> statement-breakpoint
CREATE TRIGGER "auto_orders_every_account_changed" AFTER TRUNCATE ON "auto_orders"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_every_account_changed"();
--> statement-breakpoint
CREATE TRIGGER "tickets_every_account_changed" AFTER TRUNCATE ON "tickets"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_every_account_changed"();
--> statement-breakpoint
CREATE TRIGGER "ticket_messages_every_account_changed" AFTER TRUNCATE ON "ticket_messages"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_every_account_changed"();
--> statement-breakpoint
CREATE TRIGGER "fulfilments_every_account_changed" AFTER TRUNCATE ON "fulfilments"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_every_account_changed"();
