ALTER TABLE "api_keys" DROP CONSTRAINT "api_keys_window_hits_not_negative";--> statement-breakpoint
ALTER TABLE "api_keys" DROP COLUMN "window_started_at";--> statement-breakpoint
ALTER TABLE "api_keys" DROP COLUMN "window_hits";