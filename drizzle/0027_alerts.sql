CREATE TABLE "alerts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"subject_key" text NOT NULL,
	"title" text NOT NULL,
	"details" text DEFAULT '' NOT NULL,
	"link" text NOT NULL,
	"raised_at" timestamp with time zone DEFAULT now() NOT NULL,
	"mailed_at" timestamp with time zone,
	"digested_at" timestamp with time zone,
	"resolved_at" timestamp with time zone,
	"resolved_by_admin_id" uuid,
	"ended_at" timestamp with time zone,
	CONSTRAINT "alerts_resolved_when_ended" CHECK ("alerts"."ended_at" is null or "alerts"."resolved_at" is not null)
);
--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "balance_alert_below" numeric(14, 4);--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_resolved_by_admin_id_users_id_fk" FOREIGN KEY ("resolved_by_admin_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "alerts_one_per_episode" ON "alerts" USING btree ("kind","subject_key") WHERE "alerts"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "alerts_open_idx" ON "alerts" USING btree ("raised_at" DESC NULLS LAST) WHERE "alerts"."resolved_at" is null;--> statement-breakpoint
CREATE INDEX "alerts_undigested_idx" ON "alerts" USING btree ("raised_at") WHERE "alerts"."mailed_at" is null and "alerts"."digested_at" is null;