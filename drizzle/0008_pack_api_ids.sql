-- Likes packs get an integer id for the reseller API's Package type, drawn from the services' sequence so a
-- service id and a pack id never collide (docs/decisions/020-api-v2-conventions.md).
ALTER TABLE "likes_packs" ADD COLUMN "api_id" integer DEFAULT nextval('services_api_id_seq') NOT NULL;--> statement-breakpoint
ALTER TABLE "likes_packs" ADD CONSTRAINT "likes_packs_api_id_unique" UNIQUE("api_id");