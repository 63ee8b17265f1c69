DROP INDEX "transactions_user_created_idx";--> statement-breakpoint
DROP INDEX "orders_user_created_idx";--> statement-breakpoint
CREATE INDEX "transactions_user_created_idx" ON "transactions" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_user_created_idx" ON "orders" USING btree ("user_id","created_at","id");