CREATE TYPE "public"."order_delivery" AS ENUM('provider', 'manual');--> statement-breakpoint
DROP INDEX "fulfilments_one_per_order";--> statement-breakpoint
DROP INDEX "fulfilments_due_idx";--> statement-breakpoint
ALTER TABLE "fulfilments" ADD COLUMN "part" text DEFAULT 'order' NOT NULL;--> statement-breakpoint
ALTER TABLE "fulfilments" ADD COLUMN "charge_cents" bigint;--> statement-breakpoint
ALTER TABLE "fulfilments" ADD COLUMN "outcome" "order_status";--> statement-breakpoint
ALTER TABLE "fulfilments" ADD COLUMN "submitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "fulfilments" ADD COLUMN "cancel_state" text;--> statement-breakpoint
ALTER TABLE "provider_services" ADD COLUMN "min_quantity" integer;--> statement-breakpoint
ALTER TABLE "provider_services" ADD COLUMN "max_quantity" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery" "order_delivery" DEFAULT 'manual' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancel_requested_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "fulfilments_one_per_order_part" ON "fulfilments" USING btree ("order_id","part");--> statement-breakpoint
CREATE INDEX "fulfilments_held_idx" ON "fulfilments" USING btree ("updated_at") WHERE "fulfilments"."state" = 'needs_attention';--> statement-breakpoint
CREATE INDEX "fulfilments_cancel_due_idx" ON "fulfilments" USING btree ("cancel_state") WHERE "fulfilments"."cancel_state" = 'due';--> statement-breakpoint
CREATE INDEX "fulfilments_poll_idx" ON "fulfilments" USING btree ("next_attempt_at") WHERE "fulfilments"."state" = 'submitted';--> statement-breakpoint
CREATE INDEX "fulfilments_sendable_idx" ON "fulfilments" USING btree ("next_attempt_at") WHERE "fulfilments"."state" in ('queued', 'submitting');--> statement-breakpoint
CREATE INDEX "orders_manual_open_idx" ON "orders" USING btree ("created_at") WHERE "orders"."delivery" = 'manual' and "orders"."status" in ('pending', 'processing', 'in_progress');--> statement-breakpoint
ALTER TABLE "fulfilments" ADD CONSTRAINT "fulfilments_cancel_state" CHECK ("fulfilments"."cancel_state" in ('due', 'sent', 'refused'));--> statement-breakpoint
-- Orders that were waiting for the worker's next sweep get their submission now, as new orders do when stored.
INSERT INTO "fulfilments" ("order_id", "provider_id", "provider_service_id", "link", "quantity", "charge_cents", "idempotency_key")
SELECT o."id", ps."provider_id", ps."provider_service_id", o."target_link", o."quantity", o."total_cents", 'boostly-order-' || o."id"
FROM "orders" o JOIN "provider_services" ps ON ps."service_id" = o."service_id"
WHERE o."status" = 'pending' AND o."likes_pack_id" IS NULL
  AND NOT EXISTS (SELECT 1 FROM "fulfilments" f WHERE f."order_id" = o."id")
ON CONFLICT DO NOTHING;--> statement-breakpoint
UPDATE "fulfilments" f SET "charge_cents" = o."total_cents",
  "submitted_at" = CASE WHEN f."provider_order_id" IS NOT NULL THEN f."updated_at" END,
  "outcome" = CASE WHEN f."state" = 'done' AND o."status" IN ('completed', 'partial', 'cancelled', 'failed') THEN o."status" END
FROM "orders" o WHERE o."id" = f."order_id";--> statement-breakpoint
UPDATE "orders" o SET "delivery" = 'provider' WHERE EXISTS (SELECT 1 FROM "fulfilments" f WHERE f."order_id" = o."id");--> statement-breakpoint
-- The simulated provider is a wholesale panel with small minimums (a free trial fits); its maximums are the shop's.
UPDATE "provider_services" ps SET "min_quantity" = 1, "max_quantity" = s."max_quantity"
FROM "providers" p, "services" s
WHERE p."id" = ps."provider_id" AND p."is_simulated" AND s."id" = ps."service_id";
