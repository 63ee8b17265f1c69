CREATE TYPE "public"."affiliate_entry_kind" AS ENUM('commission', 'reversal', 'payout');--> statement-breakpoint
CREATE TYPE "public"."affiliate_payout_method" AS ENUM('wallet', 'elsewhere');--> statement-breakpoint
CREATE TYPE "public"."affiliate_payout_status" AS ENUM('requested', 'paid', 'rejected');--> statement-breakpoint
CREATE TABLE "affiliate_ledger" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"affiliate_id" uuid NOT NULL,
	"kind" "affiliate_entry_kind" NOT NULL,
	"amount_cents" bigint NOT NULL,
	"transaction_id" uuid,
	"referred_user_id" uuid,
	"order_id" uuid,
	"auto_order_id" uuid,
	"payout_id" uuid,
	"percent" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "affiliate_ledger_amount_sign" CHECK (("affiliate_ledger"."kind" = 'commission' and "affiliate_ledger"."amount_cents" > 0)
        or ("affiliate_ledger"."kind" in ('reversal', 'payout') and "affiliate_ledger"."amount_cents" < 0)),
	CONSTRAINT "affiliate_ledger_commission_cause" CHECK (case when "affiliate_ledger"."kind" = 'payout' then "affiliate_ledger"."payout_id" is not null and "affiliate_ledger"."transaction_id" is null
        else "affiliate_ledger"."transaction_id" is not null and "affiliate_ledger"."payout_id" is null and "affiliate_ledger"."percent" between 0 and 100 end)
);
--> statement-breakpoint
CREATE TABLE "affiliate_payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"affiliate_id" uuid NOT NULL,
	"amount_cents" bigint NOT NULL,
	"status" "affiliate_payout_status" DEFAULT 'requested' NOT NULL,
	"method" "affiliate_payout_method",
	"reference" text,
	"admin_id" uuid,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "affiliate_payouts_amount_positive" CHECK ("affiliate_payouts"."amount_cents" > 0),
	CONSTRAINT "affiliate_payouts_decided" CHECK (("affiliate_payouts"."status" = 'requested') = ("affiliate_payouts"."decided_at" is null)
        and ("affiliate_payouts"."status" = 'paid') = ("affiliate_payouts"."method" is not null))
);
--> statement-breakpoint
CREATE TABLE "affiliates" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"balance_cents" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "affiliates_code_unique" UNIQUE("code"),
	CONSTRAINT "affiliates_code_shape" CHECK ("affiliates"."code" ~ '^[a-z0-9]{6,16}$')
);
--> statement-breakpoint
CREATE TABLE "referral_visits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"affiliate_id" uuid NOT NULL,
	"visitor_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referral_visits_visitor_id_unique" UNIQUE("visitor_id")
);
--> statement-breakpoint
CREATE TABLE "referrals" (
	"referred_user_id" uuid PRIMARY KEY NOT NULL,
	"affiliate_id" uuid NOT NULL,
	"visit_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referrals_not_self" CHECK ("referrals"."referred_user_id" <> "referrals"."affiliate_id")
);
--> statement-breakpoint
ALTER TABLE "affiliate_ledger" ADD CONSTRAINT "affiliate_ledger_affiliate_id_affiliates_user_id_fk" FOREIGN KEY ("affiliate_id") REFERENCES "public"."affiliates"("user_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_ledger" ADD CONSTRAINT "affiliate_ledger_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_ledger" ADD CONSTRAINT "affiliate_ledger_referred_user_id_users_id_fk" FOREIGN KEY ("referred_user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_ledger" ADD CONSTRAINT "affiliate_ledger_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_ledger" ADD CONSTRAINT "affiliate_ledger_auto_order_id_auto_orders_id_fk" FOREIGN KEY ("auto_order_id") REFERENCES "public"."auto_orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_ledger" ADD CONSTRAINT "affiliate_ledger_payout_id_affiliate_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."affiliate_payouts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_payouts" ADD CONSTRAINT "affiliate_payouts_affiliate_id_affiliates_user_id_fk" FOREIGN KEY ("affiliate_id") REFERENCES "public"."affiliates"("user_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_payouts" ADD CONSTRAINT "affiliate_payouts_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliates" ADD CONSTRAINT "affiliates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_visits" ADD CONSTRAINT "referral_visits_affiliate_id_affiliates_user_id_fk" FOREIGN KEY ("affiliate_id") REFERENCES "public"."affiliates"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_referred_user_id_users_id_fk" FOREIGN KEY ("referred_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_affiliate_id_affiliates_user_id_fk" FOREIGN KEY ("affiliate_id") REFERENCES "public"."affiliates"("user_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_visit_id_referral_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."referral_visits"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "affiliate_ledger_one_per_transaction" ON "affiliate_ledger" USING btree ("transaction_id");--> statement-breakpoint
CREATE UNIQUE INDEX "affiliate_ledger_one_per_payout" ON "affiliate_ledger" USING btree ("payout_id");--> statement-breakpoint
CREATE INDEX "affiliate_ledger_affiliate_created_idx" ON "affiliate_ledger" USING btree ("affiliate_id","created_at","id");--> statement-breakpoint
CREATE INDEX "affiliate_ledger_order_idx" ON "affiliate_ledger" USING btree ("order_id") WHERE "affiliate_ledger"."order_id" is not null;--> statement-breakpoint
CREATE INDEX "affiliate_ledger_auto_order_idx" ON "affiliate_ledger" USING btree ("auto_order_id") WHERE "affiliate_ledger"."auto_order_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "affiliate_payouts_one_open" ON "affiliate_payouts" USING btree ("affiliate_id") WHERE "affiliate_payouts"."status" = 'requested';--> statement-breakpoint
CREATE INDEX "affiliate_payouts_affiliate_requested_idx" ON "affiliate_payouts" USING btree ("affiliate_id","requested_at");--> statement-breakpoint
CREATE INDEX "affiliate_payouts_open_idx" ON "affiliate_payouts" USING btree ("requested_at") WHERE "affiliate_payouts"."status" = 'requested';--> statement-breakpoint
CREATE INDEX "referral_visits_affiliate_created_idx" ON "referral_visits" USING btree ("affiliate_id","created_at");--> statement-breakpoint
CREATE INDEX "referrals_affiliate_created_idx" ON "referrals" USING btree ("affiliate_id","created_at");
--> statement-breakpoint
-- Commission follows the wallet ledger (docs/decisions/056-affiliates.md): every purchase, refund or goodwill row of
-- a referred customer's order books the change of its affiliate's commission in the same transaction, whatever path
-- wrote it. An order's commission is always floor(net paid * rate / 100), net paid being its charge less its refunds
-- and goodwill; the rate is the settings' when it was paid (30 when unset, as app/domain/settings/defaults.ts says).
-- The affiliate row's lock orders the computations of one affiliate, so each sees what the one before booked.
CREATE FUNCTION "follow_affiliate_commission"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  referrer uuid;
  rate integer;
  paid bigint;
  returned bigint;
  booked bigint;
  change bigint;
BEGIN
  SELECT affiliate_id INTO referrer FROM referrals WHERE referred_user_id = NEW.user_id;
  IF referrer IS NULL THEN
    RETURN NULL;
  END IF;
  PERFORM 1 FROM affiliates WHERE user_id = referrer FOR UPDATE;
  IF NEW.type = 'purchase' THEN
    SELECT least(greatest((value #>> '{}')::numeric, 0), 100)::integer INTO rate
      FROM settings WHERE key = 'affiliateCommissionPercent' AND jsonb_typeof(value) = 'number';
    rate := coalesce(rate, 30);
  ELSE
    SELECT percent INTO rate FROM affiliate_ledger
      WHERE kind = 'commission' AND affiliate_id = referrer
        AND CASE WHEN NEW.order_id IS NOT NULL THEN order_id = NEW.order_id
                 ELSE auto_order_id = NEW.auto_order_id AND order_id IS NULL END
      LIMIT 1;
    IF rate IS NULL THEN
      RETURN NULL;
    END IF;
  END IF;
  SELECT coalesce(-sum(amount_cents) FILTER (WHERE type = 'purchase'), 0),
         coalesce(sum(amount_cents) FILTER (WHERE type = 'refund' OR (type = 'adjustment' AND amount_cents > 0)), 0)
    INTO paid, returned
    FROM transactions
    WHERE user_id = NEW.user_id
      AND CASE WHEN NEW.order_id IS NOT NULL THEN order_id = NEW.order_id
               ELSE auto_order_id = NEW.auto_order_id AND order_id IS NULL END;
  SELECT coalesce(sum(amount_cents), 0) INTO booked FROM affiliate_ledger
    WHERE affiliate_id = referrer AND kind IN ('commission', 'reversal')
      AND CASE WHEN NEW.order_id IS NOT NULL THEN order_id = NEW.order_id
               ELSE auto_order_id = NEW.auto_order_id AND order_id IS NULL END;
  change := floor(greatest(paid - returned, 0) * rate / 100.0)::bigint - booked;
  IF change = 0 THEN
    RETURN NULL;
  END IF;
  INSERT INTO affiliate_ledger
    (affiliate_id, kind, amount_cents, transaction_id, referred_user_id, order_id, auto_order_id, percent)
    VALUES (referrer, CASE WHEN change > 0 THEN 'commission' ELSE 'reversal' END::affiliate_entry_kind, change,
      NEW.id, NEW.user_id, NEW.order_id, CASE WHEN NEW.order_id IS NULL THEN NEW.auto_order_id END, rate);
  UPDATE affiliates SET balance_cents = balance_cents + change WHERE user_id = referrer;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "transactions_follow_affiliate_commission" AFTER INSERT ON "transactions"
  FOR EACH ROW
  WHEN (NEW.type IN ('purchase', 'refund', 'adjustment') AND (NEW.order_id IS NOT NULL OR NEW.auto_order_id IS NOT NULL))
  EXECUTE FUNCTION "follow_affiliate_commission"();
