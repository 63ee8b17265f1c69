CREATE TABLE "analytics_days" (
	"day" date NOT NULL,
	"name" text NOT NULL,
	"events" integer NOT NULL,
	"visitors" integer NOT NULL,
	"people" integer NOT NULL,
	CONSTRAINT "analytics_days_day_name_pk" PRIMARY KEY("day","name")
);
--> statement-breakpoint
ALTER TABLE "rate_limits" ADD COLUMN "window_ends_at" timestamp with time zone;