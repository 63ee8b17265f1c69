CREATE TABLE "affiliate_order_commissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"affiliate_id" uuid NOT NULL,
	"order_id" uuid,
	"auto_order_id" uuid,
	"percent" integer NOT NULL,
	"net_paid_cents" bigint NOT NULL,
	"booked_cents" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "affiliate_order_commissions_one_cause" CHECK ("affiliate_order_commissions"."order_id" is not null or "affiliate_order_commissions"."auto_order_id" is not null),
	CONSTRAINT "affiliate_order_commissions_percent" CHECK ("affiliate_order_commissions"."percent" between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "affiliate_order_commissions" ADD CONSTRAINT "affiliate_order_commissions_affiliate_id_affiliates_user_id_fk" FOREIGN KEY ("affiliate_id") REFERENCES "public"."affiliates"("user_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_order_commissions" ADD CONSTRAINT "affiliate_order_commissions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_order_commissions" ADD CONSTRAINT "affiliate_order_commissions_auto_order_id_auto_orders_id_fk" FOREIGN KEY ("auto_order_id") REFERENCES "public"."auto_orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "affiliate_order_commissions_order" ON "affiliate_order_commissions" USING btree ("order_id") WHERE "affiliate_order_commissions"."order_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "affiliate_order_commissions_auto_order" ON "affiliate_order_commissions" USING btree ("auto_order_id") WHERE "affiliate_order_commissions"."order_id" is null;--> statement-breakpoint
-- Hand-written from here (docs/decisions/056, product rules 16.5-16.6). The commission trigger kept no state: each
-- wallet ledger row of a referred order summed the customer's ledger rows and the affiliate's rows for that order,
-- through filters no index serves. Each order's figures now stand in affiliate_order_commissions, filled here from
-- the history as the trigger would have kept them (the rate of the order's first commission, else the setting).
INSERT INTO "affiliate_order_commissions"
    ("affiliate_id", "order_id", "auto_order_id", "percent", "net_paid_cents", "booked_cents")
  SELECT r.affiliate_id, history.order_id, history.auto_order_id,
      coalesce(
        (SELECT l.percent FROM affiliate_ledger l
          WHERE l.kind = 'commission' AND l.affiliate_id = r.affiliate_id
            AND (l.order_id = history.order_id OR (history.order_id IS NULL AND l.order_id IS NULL
              AND l.auto_order_id = history.auto_order_id))
          ORDER BY l.created_at LIMIT 1),
        (SELECT least(greatest((s.value #>> '{}')::numeric, 0), 100)::integer FROM settings s
          WHERE s.key = 'affiliateCommissionPercent' AND jsonb_typeof(s.value) = 'number'),
        30),
      history.net_paid,
      coalesce(
        (SELECT sum(l.amount_cents) FROM affiliate_ledger l
          WHERE l.kind IN ('commission', 'reversal') AND l.affiliate_id = r.affiliate_id
            AND (l.order_id = history.order_id OR (history.order_id IS NULL AND l.order_id IS NULL
              AND l.auto_order_id = history.auto_order_id))),
        0)
  FROM (
    SELECT t.user_id, t.order_id, CASE WHEN t.order_id IS NULL THEN t.auto_order_id END AS auto_order_id,
        -sum(t.amount_cents) FILTER (WHERE t.type = 'purchase' OR t.type = 'refund'
          OR (t.type = 'adjustment' AND t.amount_cents > 0)) AS net_paid
      FROM transactions t
      WHERE t.user_id IN (SELECT referred_user_id FROM referrals)
        AND (t.order_id IS NOT NULL OR t.auto_order_id IS NOT NULL)
        AND t.type IN ('purchase', 'refund', 'adjustment')
      GROUP BY t.user_id, t.order_id, CASE WHEN t.order_id IS NULL THEN t.auto_order_id END
      HAVING bool_or(t.type = 'purchase')
  ) history
  JOIN referrals r ON r.referred_user_id = history.user_id;
--> statement-breakpoint
-- One wallet ledger row moves its order's figures by what it pays (a purchase, negative in the wallet) or gives
-- back (a refund, or an admin's goodwill credit on the order), and books the difference between the commission now
-- owed, floor(net paid x rate / 100), and what was booked: rounding never accumulates over partial refunds. Rows
-- of one affiliate are booked one after another (the affiliate's row lock, taken after the wallet row the charge
-- holds), and a row is booked once (affiliate_ledger_one_per_transaction).
CREATE OR REPLACE FUNCTION "follow_affiliate_commission"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  referrer uuid;
  figures affiliate_order_commissions%ROWTYPE;
  rate integer;
  net_paid bigint;
  owed bigint;
  change bigint;
BEGIN
  IF NEW.type = 'adjustment' AND NEW.amount_cents <= 0 THEN
    RETURN NULL;
  END IF;
  SELECT affiliate_id INTO referrer FROM referrals WHERE referred_user_id = NEW.user_id;
  IF referrer IS NULL THEN
    RETURN NULL;
  END IF;
  PERFORM 1 FROM affiliates WHERE user_id = referrer FOR UPDATE;
  IF NEW.order_id IS NOT NULL THEN
    SELECT * INTO figures FROM affiliate_order_commissions WHERE order_id = NEW.order_id;
  ELSE
    SELECT * INTO figures FROM affiliate_order_commissions
      WHERE auto_order_id = NEW.auto_order_id AND order_id IS NULL;
  END IF;
  IF figures.id IS NULL THEN
    -- A refund or credit of an order that never paid commission (placed before its customer was referred).
    IF NEW.type <> 'purchase' THEN
      RETURN NULL;
    END IF;
    SELECT least(greatest((value #>> '{}')::numeric, 0), 100)::integer INTO rate
      FROM settings WHERE key = 'affiliateCommissionPercent' AND jsonb_typeof(value) = 'number';
    INSERT INTO affiliate_order_commissions
        (affiliate_id, order_id, auto_order_id, percent, net_paid_cents, booked_cents)
      VALUES (referrer, NEW.order_id, CASE WHEN NEW.order_id IS NULL THEN NEW.auto_order_id END,
        coalesce(rate, 30), 0, 0)
      RETURNING * INTO figures;
  END IF;
  -- A purchase is negative in the wallet and adds to what was paid; a refund or credit is positive and takes back.
  net_paid := figures.net_paid_cents - NEW.amount_cents;
  owed := greatest(net_paid, 0) * figures.percent / 100;
  change := owed - figures.booked_cents;
  UPDATE affiliate_order_commissions
    SET net_paid_cents = net_paid, booked_cents = owed, updated_at = now()
    WHERE id = figures.id;
  IF change = 0 THEN
    RETURN NULL;
  END IF;
  INSERT INTO affiliate_ledger
    (affiliate_id, kind, amount_cents, transaction_id, referred_user_id, order_id, auto_order_id, percent)
    VALUES (referrer, CASE WHEN change > 0 THEN 'commission' ELSE 'reversal' END::affiliate_entry_kind, change,
      NEW.id, NEW.user_id, NEW.order_id, CASE WHEN NEW.order_id IS NULL THEN NEW.auto_order_id END, figures.percent);
  UPDATE affiliates SET balance_cents = balance_cents + change WHERE user_id = referrer;
  RETURN NULL;
END;
$$;
