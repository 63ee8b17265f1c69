-- A service's terms (refill window, and cancel from its provider mapping and that provider's catalogue flag) are on
-- its public pages (product rules 4.14, docs/decisions/046): a change of mapping, or of a mapped service's cancel or
-- refill flag, is a change of those pages, so it moves the site content version the visitor page cache keys by
-- (docs/decisions/035). The catalogue's trigger fires only for a row whose flags changed, so a sync round that
-- changes nothing leaves the cache alone.
CREATE TRIGGER "provider_services_content_version"
  AFTER INSERT OR UPDATE OF "provider_id", "provider_service_id" OR DELETE OR TRUNCATE ON "provider_services"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_site_content_version"();
--> statement-breakpoint
CREATE TRIGGER "provider_catalog_terms_content_version"
  AFTER UPDATE OF "cancel", "refill" ON "provider_catalog"
  FOR EACH ROW WHEN (OLD."cancel" IS DISTINCT FROM NEW."cancel" OR OLD."refill" IS DISTINCT FROM NEW."refill")
  EXECUTE FUNCTION "bump_site_content_version"();
