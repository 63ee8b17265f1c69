ALTER TABLE "orders" ADD COLUMN "start_count" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_start_count_not_negative" CHECK ("orders"."start_count" >= 0);