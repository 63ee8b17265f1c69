-- Each verified gateway event keeps the deposit it named and what applying it did (docs/decisions/057), so an event
-- refused for a different amount or currency, or paid after its deposit closed, stays for an admin to see; the
-- partial index lists those. Events received before this migration keep both columns null.
ALTER TABLE "payment_events" ADD COLUMN "deposit_id" uuid;--> statement-breakpoint
ALTER TABLE "payment_events" ADD COLUMN "result" text;--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_deposit_id_deposits_id_fk" FOREIGN KEY ("deposit_id") REFERENCES "public"."deposits"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_events_deposit_idx" ON "payment_events" USING btree ("deposit_id");--> statement-breakpoint
CREATE INDEX "payment_events_to_review_idx" ON "payment_events" USING btree ("received_at" DESC NULLS LAST) WHERE "payment_events"."result" in ('amount_mismatch', 'reference_mismatch', 'provider_mismatch', 'not_found', 'paid_after_closing', 'refunded_to_review');