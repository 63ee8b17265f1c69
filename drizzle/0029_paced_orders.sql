ALTER TABLE "orders" DROP CONSTRAINT "orders_drip_feed";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "paced" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_completed_service_idx" ON "orders" USING btree ("service_id","ended_at","created_at") WHERE "orders"."status" = 'completed' and "orders"."runs" is null;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_drip_feed" CHECK (("orders"."runs" is null and "orders"."interval_minutes" is null and not "orders"."paced") or ("orders"."runs"
        between 2 and 100 and "orders"."interval_minutes" between 1 and 1440
        and ("orders"."paced" or "orders"."quantity" % "orders"."runs" = 0)));