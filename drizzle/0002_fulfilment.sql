CREATE TYPE "public"."fulfilment_state" AS ENUM('queued', 'submitting', 'submitted', 'done', 'needs_attention');--> statement-breakpoint
CREATE TABLE "fulfilments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid,
	"auto_order_id" uuid,
	"post_number" integer,
	"provider_id" uuid NOT NULL,
	"provider_service_id" text NOT NULL,
	"link" text NOT NULL,
	"quantity" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"provider_order_id" text,
	"state" "fulfilment_state" DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"upstream_status" text,
	"upstream_remains" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fulfilments_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "fulfilments_one_subject" CHECK (("fulfilments"."order_id" is null) <> ("fulfilments"."auto_order_id" is null)
        and ("fulfilments"."auto_order_id" is null) = ("fulfilments"."post_number" is null)),
	CONSTRAINT "fulfilments_quantity_positive" CHECK ("fulfilments"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "provider_services" (
	"service_id" uuid PRIMARY KEY NOT NULL,
	"provider_id" uuid NOT NULL,
	"provider_service_id" text NOT NULL,
	"provider_service_type" text DEFAULT 'Default' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "providers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"api_url" text NOT NULL,
	"api_key_encrypted" text NOT NULL,
	"api_key_hint" text NOT NULL,
	"is_simulated" boolean DEFAULT false NOT NULL,
	"supports_idempotency" boolean DEFAULT false NOT NULL,
	"balance" text,
	"balance_currency" text,
	"balance_checked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "simulated_provider_orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"service" text NOT NULL,
	"link" text NOT NULL,
	"quantity" integer NOT NULL,
	"idempotency_key" text,
	"charge_cents" bigint NOT NULL,
	"start_count" integer NOT NULL,
	"duration_seconds" integer NOT NULL,
	"outcome" text NOT NULL,
	"undelivered" integer DEFAULT 0 NOT NULL,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "simulated_provider_orders_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "simulated_provider_orders_outcome" CHECK ("simulated_provider_orders"."outcome" in ('completed', 'partial', 'canceled'))
);
--> statement-breakpoint
ALTER TABLE "fulfilments" ADD CONSTRAINT "fulfilments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fulfilments" ADD CONSTRAINT "fulfilments_auto_order_id_auto_orders_id_fk" FOREIGN KEY ("auto_order_id") REFERENCES "public"."auto_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fulfilments" ADD CONSTRAINT "fulfilments_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_services" ADD CONSTRAINT "provider_services_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_services" ADD CONSTRAINT "provider_services_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fulfilments_one_per_order" ON "fulfilments" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "fulfilments_due_idx" ON "fulfilments" USING btree ("state","next_attempt_at");--> statement-breakpoint
CREATE INDEX "fulfilments_auto_order_idx" ON "fulfilments" USING btree ("auto_order_id","post_number");--> statement-breakpoint
CREATE UNIQUE INDEX "fulfilments_one_open_per_auto_order" ON "fulfilments" USING btree ("auto_order_id") WHERE "fulfilments"."state" in ('queued', 'submitting', 'submitted');--> statement-breakpoint
CREATE INDEX "fulfilments_provider_idx" ON "fulfilments" USING btree ("provider_id","state");--> statement-breakpoint
CREATE INDEX "provider_services_provider_idx" ON "provider_services" USING btree ("provider_id");