-- Seed sets are written once per database and recorded here (docs/decisions/062-seed-once.md). A shop that started
-- before this migration was seeded on every start, so all of its sets count as applied: nothing is written into it
-- again, whatever its operator has deleted since. A new, empty database records none here and is seeded on its
-- first start. The names are app/db/seed/seed-sets.ts's (tests/integration/seed-sets-upgrade.test.ts pins them).
CREATE TABLE "seed_sets" (
	"name" text PRIMARY KEY NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
INSERT INTO "seed_sets" ("name")
SELECT "name" FROM unnest(ARRAY['catalogue', 'likes-packs', 'banner', 'blog-posts']) AS "name"
WHERE EXISTS (SELECT FROM "services") OR EXISTS (SELECT FROM "likes_packs") OR EXISTS (SELECT FROM "banner_settings")
  OR EXISTS (SELECT FROM "blog_posts") OR EXISTS (SELECT FROM "settings") OR EXISTS (SELECT FROM "users");
