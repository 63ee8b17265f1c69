-- Trigram indexes for the admin lists' "contains" searches (docs/decisions/030-admin-lists-at-scale.md). pg_trgm ships with
-- PostgreSQL (contrib, included in embedded-postgres); the extension is created here, once per database.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "auto_orders_target_username_trgm_idx" ON "auto_orders" USING gin ("target_username" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tickets_subject_trgm_idx" ON "tickets" USING gin ("subject" gin_trgm_ops);