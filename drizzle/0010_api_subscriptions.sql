-- Auto orders are the reseller API's subscriptions (docs/decisions/023-api-subscriptions.md): each gets an integer
-- API id from the order numbers' sequence, so a subscription's id never equals an order's. Existing auto orders are
-- numbered in the order they were created, then new ones take the sequence's next number as orders do.
ALTER TABLE "auto_orders" ADD COLUMN "api_id" bigint;--> statement-breakpoint
UPDATE "auto_orders" SET "api_id" = "numbered"."api_id" FROM (SELECT "id", nextval('order_number_seq') AS "api_id" FROM (SELECT "id" FROM "auto_orders" ORDER BY "created_at", "id") AS "by_age") AS "numbered" WHERE "auto_orders"."id" = "numbered"."id";--> statement-breakpoint
ALTER TABLE "auto_orders" ALTER COLUMN "api_id" SET DEFAULT nextval('order_number_seq');--> statement-breakpoint
ALTER TABLE "auto_orders" ALTER COLUMN "api_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "auto_orders" ADD CONSTRAINT "auto_orders_api_id_unique" UNIQUE("api_id");
