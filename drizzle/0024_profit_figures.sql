-- The money figures and exports (docs/decisions/041): whether a fulfilment's cost is the provider's own charge
-- (which already leaves out what it did not deliver); the figures of settled hours summed by day (money_days),
-- how far each kind is settled and the parts still open when their hour was settled (money_waiting_parts); and
-- the indexes the unsettled hours are read through: the ledger by time (also the transactions export's keyset
-- batches), the parts by the time they were sent, and the deposits by the time they completed.
CREATE TABLE "money_days" (
	"day" date NOT NULL,
	"service_id" uuid,
	"likes_pack_id" uuid,
	"provider_id" uuid,
	"orders" integer DEFAULT 0 NOT NULL,
	"auto_orders" integer DEFAULT 0 NOT NULL,
	"first_orders" integer DEFAULT 0 NOT NULL,
	"first_deposits" integer DEFAULT 0 NOT NULL,
	"sales_cents" bigint DEFAULT 0 NOT NULL,
	"refunds_cents" bigint DEFAULT 0 NOT NULL,
	"deposits_cents" bigint DEFAULT 0 NOT NULL,
	"bonuses_cents" bigint DEFAULT 0 NOT NULL,
	"adjustments_cents" bigint DEFAULT 0 NOT NULL,
	"parts" integer DEFAULT 0 NOT NULL,
	"part_charge_cents" bigint DEFAULT 0 NOT NULL,
	"part_refunds_cents" bigint DEFAULT 0 NOT NULL,
	"spend_cents" bigint DEFAULT 0 NOT NULL,
	"unknown_cost_parts" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "money_days_grain" UNIQUE NULLS NOT DISTINCT("day","service_id","likes_pack_id","provider_id")
);
--> statement-breakpoint
CREATE TABLE "money_settled" (
	"stream" text PRIMARY KEY NOT NULL,
	"settled_until" timestamp with time zone NOT NULL,
	CONSTRAINT "money_settled_stream" CHECK ("money_settled"."stream" in ('ledger', 'parts')),
	CONSTRAINT "money_settled_whole_hour" CHECK (date_trunc('hour', "money_settled"."settled_until") = "money_settled"."settled_until")
);
--> statement-breakpoint
CREATE TABLE "money_waiting_parts" (
	"fulfilment_id" uuid PRIMARY KEY NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fulfilments" ADD COLUMN "cost_from_provider" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "money_waiting_parts" ADD CONSTRAINT "money_waiting_parts_fulfilment_id_fulfilments_id_fk" FOREIGN KEY ("fulfilment_id") REFERENCES "public"."fulfilments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fulfilments_submitted_idx" ON "fulfilments" USING btree ("submitted_at") WHERE "fulfilments"."submitted_at" is not null;--> statement-breakpoint
CREATE INDEX "deposits_completed_idx" ON "deposits" USING btree ("completed_at") WHERE "deposits"."status" = 'completed';--> statement-breakpoint
CREATE INDEX "transactions_created_idx" ON "transactions" USING btree ("created_at" NULLS FIRST,"id");