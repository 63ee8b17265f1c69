ALTER TABLE "deposits" ADD COLUMN "fee_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_fee_not_negative" CHECK ("deposits"."fee_cents" >= 0);