-- Versioned page caches (docs/decisions/035-versioned-page-caches.md): a kept page's key holds the versions of what
-- it shows, read in the same query as the session (or, for a visitor, on its own), so a page can never be served
-- after a change, whether or not any notice arrives. The NOTIFY triggers of 0014 and 0017 go.
DROP TRIGGER IF EXISTS "services_site_content_changed" ON "services";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "services_site_content_truncated" ON "services";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "likes_packs_site_content_changed" ON "likes_packs";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "likes_packs_site_content_truncated" ON "likes_packs";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "settings_site_content_changed" ON "settings";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "settings_site_content_truncated" ON "settings";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "banner_settings_site_content_changed" ON "banner_settings";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "banner_settings_site_content_truncated" ON "banner_settings";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "blog_posts_site_content_changed" ON "blog_posts";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "blog_posts_site_content_truncated" ON "blog_posts";
--> statement-breakpoint
DROP FUNCTION IF EXISTS "notify_site_content_changed"();
--> statement-breakpoint
DROP SEQUENCE IF EXISTS "site_content_version";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "users_account_changed" ON "users";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "users_removed_account_changed" ON "users";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "user_roles_account_changed" ON "user_roles";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "orders_account_changed" ON "orders";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "transactions_account_changed" ON "transactions";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "auto_orders_account_changed" ON "auto_orders";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "tickets_account_changed" ON "tickets";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "ticket_messages_account_changed" ON "ticket_messages";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "fulfilments_cancel_account_changed" ON "fulfilments";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "fulfilments_cancel_added_account_changed" ON "fulfilments";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "fulfilments_cancel_removed_account_changed" ON "fulfilments";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "users_every_account_changed" ON "users";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "user_roles_every_account_changed" ON "user_roles";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "orders_every_account_changed" ON "orders";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "transactions_every_account_changed" ON "transactions";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "auto_orders_every_account_changed" ON "auto_orders";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "tickets_every_account_changed" ON "tickets";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "ticket_messages_every_account_changed" ON "ticket_messages";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "fulfilments_every_account_changed" ON "fulfilments";
--> statement-breakpoint
DROP FUNCTION IF EXISTS "notify_account_changed"();
--> statement-breakpoint
DROP FUNCTION IF EXISTS "notify_every_account_changed"();
--> statement-breakpoint
CREATE TABLE "site_content_version" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "site_content_version_one_row" CHECK ("site_content_version"."id" = 1)
);
--> statement-breakpoint
INSERT INTO "site_content_version" ("id", "version") VALUES (1, pg_current_xact_id()::text::bigint);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "page_version" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- A version is the id of the last transaction that changed what it covers: ids are never reused (xid8 carries its
-- epoch), a transaction writes it once however many rows it changes (the "<>" keeps later statements from writing
-- the row again), and readers see it change exactly when the change commits.
CREATE OR REPLACE FUNCTION "bump_site_content_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE site_content_version SET version = pg_current_xact_id()::text::bigint
    WHERE version <> pg_current_xact_id()::text::bigint;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "services_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "services"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_site_content_version"();
--> statement-breakpoint
CREATE TRIGGER "likes_packs_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "likes_packs"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_site_content_version"();
--> statement-breakpoint
CREATE TRIGGER "settings_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "settings"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_site_content_version"();
--> statement-breakpoint
CREATE TRIGGER "banner_settings_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "banner_settings"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_site_content_version"();
--> statement-breakpoint
CREATE TRIGGER "blog_posts_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "blog_posts"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_site_content_version"();
--> statement-breakpoint
-- A customer's page version: every change to what their own pages show (balance, e-mail and role, orders and their
-- cancel state, transactions, auto orders, tickets and their threads) sets it in the changing transaction. Triggers,
-- so no writer (checkout, worker, admin, webhook, script) can forget it.
CREATE OR REPLACE FUNCTION "bump_page_version_of"(account uuid) RETURNS void LANGUAGE sql AS $$
  UPDATE users SET page_version = pg_current_xact_id()::text::bigint
    WHERE id = account AND page_version <> pg_current_xact_id()::text::bigint;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "bump_account_page_version"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  account uuid;
  previous uuid;
BEGIN
  IF TG_ARGV[0] = 'user_id' THEN
    IF TG_OP <> 'INSERT' THEN previous := OLD.user_id; END IF;
    IF TG_OP <> 'DELETE' THEN account := NEW.user_id; END IF;
  ELSIF TG_ARGV[0] = 'ticket_id' THEN
    SELECT t.user_id INTO account FROM tickets t
      WHERE t.id = CASE WHEN TG_OP = 'DELETE' THEN OLD.ticket_id ELSE NEW.ticket_id END;
  ELSIF TG_ARGV[0] = 'order_id' THEN
    SELECT o.user_id INTO account FROM orders o
      WHERE o.id = CASE WHEN TG_OP = 'DELETE' THEN OLD.order_id ELSE NEW.order_id END;
  ELSE
    RAISE EXCEPTION 'bump_account_page_version: unknown key %', TG_ARGV[0];
  END IF;
  IF account IS NOT NULL THEN PERFORM bump_page_version_of(account); END IF;
  IF previous IS NOT NULL AND previous IS DISTINCT FROM account THEN PERFORM bump_page_version_of(previous); END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- The account's own row (its balance, e-mail): any change to it but the version itself.
CREATE OR REPLACE FUNCTION "bump_own_page_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.page_version := pg_current_xact_id()::text::bigint;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "users_page_version" BEFORE UPDATE ON "users"
  FOR EACH ROW WHEN (OLD.page_version = NEW.page_version) EXECUTE FUNCTION "bump_own_page_version"();
--> statement-breakpoint
CREATE TRIGGER "user_roles_page_version" AFTER INSERT OR UPDATE OR DELETE ON "user_roles"
  FOR EACH ROW EXECUTE FUNCTION "bump_account_page_version"('user_id');
--> statement-breakpoint
CREATE TRIGGER "orders_page_version" AFTER INSERT OR UPDATE OR DELETE ON "orders"
  FOR EACH ROW EXECUTE FUNCTION "bump_account_page_version"('user_id');
--> statement-breakpoint
CREATE TRIGGER "transactions_page_version" AFTER INSERT OR UPDATE OR DELETE ON "transactions"
  FOR EACH ROW EXECUTE FUNCTION "bump_account_page_version"('user_id');
--> statement-breakpoint
CREATE TRIGGER "auto_orders_page_version" AFTER INSERT OR UPDATE OR DELETE ON "auto_orders"
  FOR EACH ROW EXECUTE FUNCTION "bump_account_page_version"('user_id');
--> statement-breakpoint
CREATE TRIGGER "tickets_page_version" AFTER INSERT OR UPDATE OR DELETE ON "tickets"
  FOR EACH ROW EXECUTE FUNCTION "bump_account_page_version"('user_id');
--> statement-breakpoint
CREATE TRIGGER "ticket_messages_page_version" AFTER INSERT OR UPDATE OR DELETE ON "ticket_messages"
  FOR EACH ROW EXECUTE FUNCTION "bump_account_page_version"('ticket_id');
--> statement-breakpoint
-- A fulfilment moves an order's page only through its cancel state (the order's own row covers the rest): the
-- worker's frequent polls leave the version alone.
CREATE TRIGGER "fulfilments_cancel_page_version" AFTER UPDATE OF "cancel_state" ON "fulfilments"
  FOR EACH ROW WHEN (OLD.cancel_state IS DISTINCT FROM NEW.cancel_state)
  EXECUTE FUNCTION "bump_account_page_version"('order_id');
--> statement-breakpoint
CREATE TRIGGER "fulfilments_cancel_added_page_version" AFTER INSERT ON "fulfilments"
  FOR EACH ROW WHEN (NEW.cancel_state IS NOT NULL)
  EXECUTE FUNCTION "bump_account_page_version"('order_id');
--> statement-breakpoint
CREATE TRIGGER "fulfilments_cancel_removed_page_version" AFTER DELETE ON "fulfilments"
  FOR EACH ROW WHEN (OLD.cancel_state IS NOT NULL)
  EXECUTE FUNCTION "bump_account_page_version"('order_id');
--> statement-breakpoint
-- A TRUNCATE has no rows to name: it changes every page, as a content change does.
CREATE TRIGGER "users_truncated_content_version" AFTER TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_site_content_version"();
--> statement-breakpoint
CREATE TRIGGER "user_roles_truncated_content_version" AFTER TRUNCATE ON "user_roles"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_site_content_version"();
--> statement-breakpoint
CREATE TRIGGER "orders_truncated_content_version" AFTER TRUNCATE ON "orders"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_site_content_version"();
--> statement-breakpoint
CREATE TRIGGER "transactions_truncated_content_version" AFTER TRUNCATE ON "transactions"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_site_content_version"();
--> statement-breakpoint
CREATE TRIGGER "auto_orders_truncated_content_version" AFTER TRUNCATE ON "auto_orders"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_site_content_version"();
--> statement-breakpoint
CREATE TRIGGER "tickets_truncated_content_version" AFTER TRUNCATE ON "tickets"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_site_content_version"();
--> statement-breakpoint
CREATE TRIGGER "ticket_messages_truncated_content_version" AFTER TRUNCATE ON "ticket_messages"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_site_content_version"();
--> statement-breakpoint
CREATE TRIGGER "fulfilments_truncated_content_version" AFTER TRUNCATE ON "fulfilments"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_site_content_version"();
