ALTER TABLE "deposits" ADD COLUMN "bonus_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_gateways" ADD COLUMN "bonus_basis_points" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_bonus_not_negative" CHECK ("deposits"."bonus_cents" >= 0);--> statement-breakpoint
ALTER TABLE "payment_gateways" ADD CONSTRAINT "payment_gateways_bonus" CHECK ("payment_gateways"."bonus_basis_points" between 0 and 5000);