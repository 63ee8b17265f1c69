CREATE TABLE "notification_preferences" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"deposit_receipts" boolean DEFAULT true NOT NULL,
	"order_updates" boolean DEFAULT true NOT NULL,
	"refill_updates" boolean DEFAULT true NOT NULL,
	"ticket_replies" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"ticket_id" uuid NOT NULL,
	"author_id" uuid,
	"author_role" text NOT NULL,
	"body" text,
	"status" "ticket_status",
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ticket_messages_author_role_known" CHECK ("ticket_messages"."author_role" in ('customer', 'admin')),
	CONSTRAINT "ticket_messages_says_something" CHECK ("ticket_messages"."body" is not null or "ticket_messages"."status" is not null)
);
--> statement-breakpoint
ALTER TABLE "tickets" DROP CONSTRAINT "tickets_responded_by_admin_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_messages" ADD CONSTRAINT "ticket_messages_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_messages" ADD CONSTRAINT "ticket_messages_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ticket_messages_ticket_idx" ON "ticket_messages" USING btree ("ticket_id","id");--> statement-breakpoint
-- Every existing ticket becomes a thread: its message first (the customer's, when it was opened), then the admin's
-- response, if any, carrying the ticket's status when that is not "open" (the status the answer gave it).
INSERT INTO "ticket_messages" ("ticket_id", "author_id", "author_role", "body", "status", "created_at")
SELECT "id", "user_id", 'customer', "message", NULL, "created_at" FROM "tickets" ORDER BY "created_at", "id";--> statement-breakpoint
INSERT INTO "ticket_messages" ("ticket_id", "author_id", "author_role", "body", "status", "created_at")
SELECT "id", "responded_by_admin_id", 'admin', "admin_response",
  CASE WHEN "status" = 'open' THEN NULL ELSE "status" END, greatest("updated_at", "created_at")
FROM "tickets" WHERE "admin_response" IS NOT NULL ORDER BY "updated_at", "id";--> statement-breakpoint
-- A ticket an admin moved on without writing anything shows that change in its thread too.
INSERT INTO "ticket_messages" ("ticket_id", "author_id", "author_role", "body", "status", "created_at")
SELECT "id", NULL, 'admin', NULL, "status", greatest("updated_at", "created_at")
FROM "tickets" WHERE "admin_response" IS NULL AND "status" <> 'open' ORDER BY "updated_at", "id";--> statement-breakpoint
ALTER TABLE "tickets" DROP COLUMN "message";--> statement-breakpoint
ALTER TABLE "tickets" DROP COLUMN "admin_response";--> statement-breakpoint
ALTER TABLE "tickets" DROP COLUMN "responded_by_admin_id";