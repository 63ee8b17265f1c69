-- A Package is one unit at its price (docs/decisions/037, product rules 13.10): a one-time service whose limits are
-- 1 and 1, never drip-fed. The order type is compared as text: this may run in the transaction that added 'package'.
ALTER TABLE "services" ADD CONSTRAINT "services_package_one_unit" CHECK ("services"."order_type"::text <> 'package' or ("services"."service_type" = 'one_time' and "services"."min_quantity" = 1
        and "services"."max_quantity" = 1 and not "services"."dripfeed"));--> statement-breakpoint
-- A submission names its provider and the provider's service: the mapping, and so the cost, it was sent through
-- (fulfilments.cost_cents, product rules 13.14).
CREATE INDEX "provider_services_upstream_idx" ON "provider_services" USING btree ("provider_id","provider_service_id");
