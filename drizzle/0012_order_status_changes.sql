-- Orders' status history (docs/decisions/024-order-status-history.md).
CREATE TABLE "order_status_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"status" "order_status" NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"by_admin" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_status_changes" ADD CONSTRAINT "order_status_changes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_status_changes_order_idx" ON "order_status_changes" USING btree ("order_id","changed_at","id");--> statement-breakpoint
-- Orders that moved before the history existed keep one entry: their present status, when it was last set.
INSERT INTO "order_status_changes" ("order_id", "status", "changed_at", "by_admin")
SELECT "id", "status", coalesce("ended_at", "updated_at"), "status_changed_by_admin_id" IS NOT NULL
FROM "orders" WHERE "status" <> 'pending';
