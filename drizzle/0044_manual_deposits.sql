-- Manual deposit methods and the review of payment events (docs/decisions/057, 059): the methods an operator
-- describes, the method a claim names, what a gateway reported and who reviewed an event.
CREATE TABLE "manual_deposit_methods" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"instructions" text NOT NULL,
	"min_cents" bigint NOT NULL,
	"max_cents" bigint NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "manual_deposit_methods_limits" CHECK ("manual_deposit_methods"."min_cents" > 0 and "manual_deposit_methods"."max_cents" >= "manual_deposit_methods"."min_cents")
);
--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "manual_method_id" uuid;--> statement-breakpoint
ALTER TABLE "payment_events" ADD COLUMN "reported_amount_cents" bigint;--> statement-breakpoint
ALTER TABLE "payment_events" ADD COLUMN "reported_currency" text;--> statement-breakpoint
ALTER TABLE "payment_events" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_events" ADD COLUMN "reviewed_by" uuid;--> statement-breakpoint
ALTER TABLE "payment_events" ADD COLUMN "review_note" text;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_manual_method_id_manual_deposit_methods_id_fk" FOREIGN KEY ("manual_method_id") REFERENCES "public"."manual_deposit_methods"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deposits_manual_claims_idx" ON "deposits" USING btree ("status","created_at") WHERE "deposits"."manual_method_id" is not null;