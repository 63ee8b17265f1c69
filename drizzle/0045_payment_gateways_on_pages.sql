-- The footer's payment badges and the pages' "pay by" words follow the gateways an operator turns on (product
-- rules 16.35, 6.5): a change of payment_gateways is a change of the site's content, so cached pages are rendered
-- again (docs/decisions/029, the page versions of 0019).
CREATE TRIGGER "payment_gateways_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "payment_gateways"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_site_content_version"();
