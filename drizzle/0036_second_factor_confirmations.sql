CREATE TABLE "second_factor_confirmations" (
	"session_id" uuid PRIMARY KEY NOT NULL,
	"confirmed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "second_factor_confirmations" ADD CONSTRAINT "second_factor_confirmations_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;