CREATE TYPE "public"."service_order_type" AS ENUM('default', 'custom_comments');--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "order_type" "service_order_type" DEFAULT 'default' NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "dripfeed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "fulfilments" ADD COLUMN "comments" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "runs" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "interval_minutes" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "comments" text;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_dripfeed_default_one_time" CHECK (not "services"."dripfeed" or ("services"."order_type" = 'default' and "services"."service_type" = 'one_time'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_drip_feed" CHECK (("orders"."runs" is null and "orders"."interval_minutes" is null) or ("orders"."runs" between 2 and 100
        and "orders"."interval_minutes" between 1 and 1440 and "orders"."quantity" % "orders"."runs" = 0));