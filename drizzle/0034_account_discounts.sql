CREATE TABLE "account_discounts" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"discount_tenths" integer NOT NULL,
	"set_by" uuid,
	"set_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_discounts_tenths_range" CHECK ("account_discounts"."discount_tenths" between 1 and 900)
);
--> statement-breakpoint
ALTER TABLE "account_discounts" ADD CONSTRAINT "account_discounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_discounts" ADD CONSTRAINT "account_discounts_set_by_users_id_fk" FOREIGN KEY ("set_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;