-- A catalogue that never sells below cost (docs/decisions/037): platforms and categories as data, a Package order
-- type, providers' currencies and markups, exchange rates, each provider's whole service list, the cost of every
-- mapped service and of every fulfilment, and a log of what provider syncs changed.
ALTER TYPE "public"."service_order_type" ADD VALUE 'package';--> statement-breakpoint
CREATE TABLE "platforms" (
	"slug" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"link_hosts" text[] DEFAULT '{}'::text[] NOT NULL,
	"listed" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "platforms_slug_format" CHECK ("platforms"."slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$')
);
--> statement-breakpoint
-- The specification's seven platforms (with the hosts an order's link may be on) and "other" (unlisted, any link):
-- created here once, never by the seed, so a platform the operator removes stays removed.
INSERT INTO "platforms" ("slug", "name", "link_hosts", "listed", "sort_order") VALUES
	('instagram', 'Instagram', '{instagram.com}', true, 10),
	('tiktok', 'TikTok', '{tiktok.com}', true, 20),
	('threads', 'Threads', '{threads.net,threads.com}', true, 30),
	('youtube', 'YouTube', '{youtube.com,youtu.be}', true, 40),
	('spotify', 'Spotify', '{spotify.com}', true, 50),
	('facebook', 'Facebook', '{facebook.com,fb.com,fb.watch}', true, 60),
	('twitter', 'Twitter', '{twitter.com,x.com}', true, 70),
	('other', 'Other', '{}', false, 1000);
--> statement-breakpoint
CREATE TABLE "service_categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"platform" text NOT NULL,
	"name" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_categories_platform_name" UNIQUE("platform","name")
);
--> statement-breakpoint
CREATE TABLE "service_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"service_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exchange_rates" (
	"currency" text PRIMARY KEY NOT NULL,
	"usd_per_unit" numeric(18, 8) NOT NULL,
	"source" text DEFAULT 'operator' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exchange_rates_currency_code" CHECK ("exchange_rates"."currency" ~ '^[A-Z]{3}$'),
	CONSTRAINT "exchange_rates_positive" CHECK ("exchange_rates"."usd_per_unit" > 0)
);
--> statement-breakpoint
CREATE TABLE "provider_catalog" (
	"provider_id" uuid NOT NULL,
	"upstream_id" text NOT NULL,
	"name" text NOT NULL,
	"category" text DEFAULT '' NOT NULL,
	"type" text DEFAULT 'Default' NOT NULL,
	"rate" numeric(18, 6) NOT NULL,
	"min_quantity" integer NOT NULL,
	"max_quantity" integer NOT NULL,
	"dripfeed" boolean DEFAULT false NOT NULL,
	"refill" boolean DEFAULT false NOT NULL,
	"cancel" boolean DEFAULT false NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"missing_since" timestamp with time zone,
	CONSTRAINT "provider_catalog_provider_id_upstream_id_pk" PRIMARY KEY("provider_id","upstream_id")
);
--> statement-breakpoint
ALTER TABLE "services" ALTER COLUMN "platform" SET DATA TYPE text USING "platform"::text;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "category_id" uuid;--> statement-breakpoint
ALTER TABLE "fulfilments" ADD COLUMN "cost_cents" bigint;--> statement-breakpoint
ALTER TABLE "provider_services" ADD COLUMN "upstream_rate" numeric(18, 6);--> statement-breakpoint
ALTER TABLE "provider_services" ADD COLUMN "cost_per_1000" numeric(12, 4);--> statement-breakpoint
ALTER TABLE "provider_services" ADD COLUMN "markup_percent" numeric(7, 2);--> statement-breakpoint
ALTER TABLE "provider_services" ADD COLUMN "markup_min_per_1000" numeric(12, 4);--> statement-breakpoint
ALTER TABLE "provider_services" ADD COLUMN "synced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "currency" text DEFAULT 'USD' NOT NULL;--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "markup_percent" numeric(7, 2) DEFAULT '50' NOT NULL;--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "markup_min_per_1000" numeric(12, 4) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "on_rate_rise" text DEFAULT 'follow' NOT NULL;--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "synced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "sync_error" text;--> statement-breakpoint
ALTER TABLE "service_categories" ADD CONSTRAINT "service_categories_platform_platforms_slug_fk" FOREIGN KEY ("platform") REFERENCES "public"."platforms"("slug") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "service_changes" ADD CONSTRAINT "service_changes_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_catalog" ADD CONSTRAINT "provider_catalog_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "service_changes_created_idx" ON "service_changes" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "service_changes_service_idx" ON "service_changes" USING btree ("service_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "provider_catalog_category_idx" ON "provider_catalog" USING btree ("provider_id","category");--> statement-breakpoint
CREATE INDEX "provider_catalog_name_trgm_idx" ON "provider_catalog" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_platform_platforms_slug_fk" FOREIGN KEY ("platform") REFERENCES "public"."platforms"("slug") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_category_id_service_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."service_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "providers" ADD CONSTRAINT "providers_on_rate_rise" CHECK ("providers"."on_rate_rise" in ('follow', 'pause'));--> statement-breakpoint
ALTER TABLE "providers" ADD CONSTRAINT "providers_currency_code" CHECK ("providers"."currency" ~ '^[A-Z]{3}$');--> statement-breakpoint
ALTER TABLE "providers" ADD CONSTRAINT "providers_markup_not_negative" CHECK ("providers"."markup_percent" >= 0 and "providers"."markup_min_per_1000" >= 0);--> statement-breakpoint
DROP TYPE "public"."platform";--> statement-breakpoint
-- Platforms and categories are shown on visitor pages as the catalogue is (docs/decisions/035): their changes move
-- the content version.
CREATE TRIGGER "platforms_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "platforms"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_site_content_version"();
--> statement-breakpoint
CREATE TRIGGER "service_categories_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "service_categories"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_site_content_version"();
