CREATE TYPE "public"."refill_status" AS ENUM('pending', 'in_progress', 'completed', 'rejected');--> statement-breakpoint
CREATE TABLE "refill_submissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"refill_id" integer NOT NULL,
	"fulfilment_id" uuid NOT NULL,
	"provider_id" uuid NOT NULL,
	"provider_order_id" text NOT NULL,
	"provider_refill_id" text,
	"state" text DEFAULT 'queued' NOT NULL,
	"upstream_status" text,
	"outcome" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refill_submissions_state" CHECK ("refill_submissions"."state" in ('queued', 'sending', 'submitted', 'done')),
	CONSTRAINT "refill_submissions_outcome" CHECK (("refill_submissions"."state" = 'done') = ("refill_submissions"."outcome" is not null)
        and ("refill_submissions"."outcome" is null or "refill_submissions"."outcome" in ('completed', 'rejected')))
);
--> statement-breakpoint
CREATE TABLE "simulated_provider_refills" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"duration_seconds" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refills" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"delivery" "order_delivery" NOT NULL,
	"status" "refill_status" DEFAULT 'pending' NOT NULL,
	"error" text,
	"ended_at" timestamp with time zone,
	"decided_by_admin_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "refill_days" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "ended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "refill_submissions" ADD CONSTRAINT "refill_submissions_refill_id_refills_id_fk" FOREIGN KEY ("refill_id") REFERENCES "public"."refills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refill_submissions" ADD CONSTRAINT "refill_submissions_fulfilment_id_fulfilments_id_fk" FOREIGN KEY ("fulfilment_id") REFERENCES "public"."fulfilments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refill_submissions" ADD CONSTRAINT "refill_submissions_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "simulated_provider_refills" ADD CONSTRAINT "simulated_provider_refills_order_id_simulated_provider_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."simulated_provider_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refills" ADD CONSTRAINT "refills_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refills" ADD CONSTRAINT "refills_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refills" ADD CONSTRAINT "refills_decided_by_admin_id_users_id_fk" FOREIGN KEY ("decided_by_admin_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "refill_submissions_one_per_part" ON "refill_submissions" USING btree ("refill_id","fulfilment_id");--> statement-breakpoint
CREATE INDEX "refill_submissions_due_idx" ON "refill_submissions" USING btree ("next_attempt_at") WHERE "refill_submissions"."state" in ('queued', 'sending', 'submitted');--> statement-breakpoint
CREATE INDEX "simulated_provider_refills_order_idx" ON "simulated_provider_refills" USING btree ("order_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "refills_one_open_per_order" ON "refills" USING btree ("order_id") WHERE "refills"."status" in ('pending', 'in_progress');--> statement-breakpoint
CREATE INDEX "refills_order_idx" ON "refills" USING btree ("order_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "refills_user_idx" ON "refills" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "refills_manual_open_idx" ON "refills" USING btree ("created_at") WHERE "refills"."delivery" = 'manual' and "refills"."status" in ('pending', 'in_progress');--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_refill_days_range" CHECK ("services"."refill_days" is null or "services"."refill_days" between 1 and 365);--> statement-breakpoint
-- Orders that already ended count their refill window from their last change (product rules 4.7).
UPDATE "orders" SET "ended_at" = "updated_at" WHERE "status" IN ('completed', 'partial', 'cancelled', 'failed') AND "ended_at" IS NULL;--> statement-breakpoint
-- Services whose features promise the refill get the shop's window, as the seed gives them (REFILL_WINDOW_DAYS).
UPDATE "services" SET "refill_days" = 30 WHERE '30-day refill' = ANY("features") AND "refill_days" IS NULL;
