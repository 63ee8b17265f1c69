CREATE TABLE "payment_gateways" (
	"gateway" "payment_provider" PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"sealed_secrets" text,
	"secret_hints" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"fee_basis_points" integer DEFAULT 0 NOT NULL,
	"fee_fixed_cents" integer DEFAULT 0 NOT NULL,
	"min_deposit_cents" integer,
	"max_deposit_cents" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "payment_gateways_fee" CHECK ("payment_gateways"."fee_basis_points" between 0 and 2000 and "payment_gateways"."fee_fixed_cents" between 0 and 1000),
	CONSTRAINT "payment_gateways_limits" CHECK (("payment_gateways"."min_deposit_cents" is null or "payment_gateways"."min_deposit_cents" > 0)
        and ("payment_gateways"."max_deposit_cents" is null or "payment_gateways"."max_deposit_cents" >= coalesce("payment_gateways"."min_deposit_cents", 1)))
);
--> statement-breakpoint
ALTER TABLE "payment_gateways" ADD CONSTRAINT "payment_gateways_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;