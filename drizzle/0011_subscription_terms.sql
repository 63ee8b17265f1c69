-- A subscription's delay and expiry over the API (docs/decisions/023-api-subscriptions.md).
ALTER TABLE "auto_orders" ADD COLUMN "delay_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "auto_orders" ADD COLUMN "expires_on" date;--> statement-breakpoint
ALTER TABLE "auto_orders" ADD CONSTRAINT "auto_orders_delay_range" CHECK ("auto_orders"."delay_minutes" between 0 and 600);