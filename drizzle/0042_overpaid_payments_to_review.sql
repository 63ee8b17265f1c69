-- A crypto invoice paid above its amount is credited what was asked and kept for an admin (docs/decisions/057).
DROP INDEX "payment_events_to_review_idx";--> statement-breakpoint
CREATE INDEX "payment_events_to_review_idx" ON "payment_events" USING btree ("received_at" DESC NULLS LAST) WHERE "payment_events"."result" in ('amount_mismatch', 'reference_mismatch', 'provider_mismatch', 'not_found', 'paid_after_closing', 'refunded_to_review', 'credited_overpaid');
