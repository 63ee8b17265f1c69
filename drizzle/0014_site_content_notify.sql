-- The visitor page cache (docs/decisions/028-visitor-page-cache.md): every statement that changes what a visitor
-- page shows (catalogue, settings, banner, blog) takes the next content version and notifies every app server,
-- delivered when its transaction commits. A trigger, so no writer (admin form, seed, script) can forget it.
CREATE SEQUENCE IF NOT EXISTS "site_content_version";
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "notify_site_content_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('site_content_changed', nextval('site_content_version')::text);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "services_site_content_changed" AFTER INSERT OR UPDATE OR DELETE ON "services"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_site_content_changed"();
--> statement-breakpoint
CREATE TRIGGER "services_site_content_truncated" AFTER TRUNCATE ON "services"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_site_content_changed"();
--> statement-breakpoint
CREATE TRIGGER "likes_packs_site_content_changed" AFTER INSERT OR UPDATE OR DELETE ON "likes_packs"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_site_content_changed"();
--> statement-breakpoint
CREATE TRIGGER "likes_packs_site_content_truncated" AFTER TRUNCATE ON "likes_packs"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_site_content_changed"();
--> statement-breakpoint
CREATE TRIGGER "settings_site_content_changed" AFTER INSERT OR UPDATE OR DELETE ON "settings"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_site_content_changed"();
--> statement-breakpoint
CREATE TRIGGER "settings_site_content_truncated" AFTER TRUNCATE ON "settings"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_site_content_changed"();
--> statement-breakpoint
CREATE TRIGGER "banner_settings_site_content_changed" AFTER INSERT OR UPDATE OR DELETE ON "banner_settings"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_site_content_changed"();
--> statement-breakpoint
CREATE TRIGGER "banner_settings_site_content_truncated" AFTER TRUNCATE ON "banner_settings"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_site_content_changed"();
--> statement-breakpoint
CREATE TRIGGER "blog_posts_site_content_changed" AFTER INSERT OR UPDATE OR DELETE ON "blog_posts"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_site_content_changed"();
--> statement-breakpoint
CREATE TRIGGER "blog_posts_site_content_truncated" AFTER TRUNCATE ON "blog_posts"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_site_content_changed"();
