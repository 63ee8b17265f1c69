-- The provider page's catalogue browser (docs/decisions/040): a provider's listed services by category then name,
-- read in index order, so a page of a 5,000-service catalogue, the deepest included, never sorts the whole list.
CREATE INDEX "provider_catalog_browse_idx" ON "provider_catalog" USING btree ("provider_id","category","name","upstream_id") WHERE "provider_catalog"."missing_since" is null;
