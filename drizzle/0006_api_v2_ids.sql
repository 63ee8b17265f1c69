-- Integer service ids for the reseller API (docs/decisions/020-api-v2-conventions.md): existing services are
-- numbered in the order they were created, then the column becomes an identity that numbers new services next.
ALTER TABLE "services" ADD COLUMN "api_id" integer;--> statement-breakpoint
UPDATE "services" SET "api_id" = "numbered"."n" FROM (SELECT "id", row_number() OVER (ORDER BY "created_at", "sort_order", "slug") AS "n" FROM "services") AS "numbered" WHERE "services"."id" = "numbered"."id";--> statement-breakpoint
ALTER TABLE "services" ALTER COLUMN "api_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ALTER COLUMN "api_id" ADD GENERATED ALWAYS AS IDENTITY (sequence name "services_api_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1);--> statement-breakpoint
SELECT setval('"services_api_id_seq"', coalesce(max("api_id"), 0) + 1, false) FROM "services";--> statement-breakpoint
ALTER TABLE "fulfilments" ADD COLUMN "upstream_start_count" integer;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_api_id_unique" UNIQUE("api_id");
