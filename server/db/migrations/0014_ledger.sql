CREATE TYPE "public"."ledger_account_kind" AS ENUM('sender_card', 'held', 'refunds', 'deliverer', 'platform_fees');--> statement-breakpoint
CREATE TYPE "public"."ledger_transaction_kind" AS ENUM('capture', 'refund', 'refund_sent', 'release', 'reversal');--> statement-breakpoint
CREATE TABLE "ledger_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"kind" "ledger_account_kind" NOT NULL,
	"user_id" uuid,
	"balance_cents" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_accounts_key_unique" UNIQUE("key"),
	CONSTRAINT "ledger_accounts_owner" CHECK (("ledger_accounts"."kind" in ('sender_card', 'deliverer')) = ("ledger_accounts"."user_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"transaction_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"amount_cents" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_amount_nonzero" CHECK ("ledger_entries"."amount_cents" <> 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" "ledger_transaction_kind" NOT NULL,
	"key" text NOT NULL,
	"item_id" uuid NOT NULL,
	"request_id" uuid,
	"payment_id" uuid,
	"refund_id" uuid,
	"reverses_id" uuid,
	"memo" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_transactions_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "releases" (
	"request_id" uuid PRIMARY KEY NOT NULL,
	"item_id" uuid NOT NULL,
	"deliverer_id" uuid NOT NULL,
	"release_at" timestamp with time zone NOT NULL,
	"released_at" timestamp with time zone,
	"transaction_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD CONSTRAINT "ledger_transactions_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD CONSTRAINT "ledger_transactions_request_id_delivery_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."delivery_requests"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD CONSTRAINT "ledger_transactions_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD CONSTRAINT "ledger_transactions_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD CONSTRAINT "ledger_transactions_reverses_id_ledger_transactions_id_fk" FOREIGN KEY ("reverses_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "releases" ADD CONSTRAINT "releases_request_id_delivery_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."delivery_requests"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "releases" ADD CONSTRAINT "releases_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "releases" ADD CONSTRAINT "releases_deliverer_id_users_id_fk" FOREIGN KEY ("deliverer_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "releases" ADD CONSTRAINT "releases_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_entries_transaction_idx" ON "ledger_entries" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_account_idx" ON "ledger_entries" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "ledger_transactions_item_idx" ON "ledger_transactions" USING btree ("item_id","created_at");--> statement-breakpoint
CREATE INDEX "releases_deliverer_idx" ON "releases" USING btree ("deliverer_id");--> statement-breakpoint
CREATE INDEX "releases_due_idx" ON "releases" USING btree ("release_at") WHERE "releases"."released_at" is null;--> statement-breakpoint
-- The database keeps the ledger whole (decision 037), whatever code writes to it. A ledger
-- transaction's entries must sum to zero, and it must have at least two: checked when the SQL
-- transaction commits (deferred), so the entries of one ledger transaction go in one by one.
CREATE FUNCTION ledger_check_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  tx uuid;
  total bigint;
  n integer;
BEGIN
  IF TG_TABLE_NAME = 'ledger_entries' THEN
    tx := NEW.transaction_id;
  ELSE
    tx := NEW.id;
  END IF;
  SELECT coalesce(sum(amount_cents), 0), count(*) INTO total, n
    FROM ledger_entries WHERE transaction_id = tx;
  IF n < 2 THEN
    RAISE EXCEPTION 'ledger transaction % has % entries: it needs at least two', tx, n
      USING ERRCODE = 'check_violation';
  END IF;
  IF total <> 0 THEN
    RAISE EXCEPTION 'ledger transaction % does not balance: its entries sum to % cents', tx, total
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "ledger_entries_balanced" AFTER INSERT ON "ledger_entries"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_check_balanced();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "ledger_transactions_balanced" AFTER INSERT ON "ledger_transactions"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_check_balanced();
--> statement-breakpoint
-- Append-only: a correction is a new reversing transaction, never an edit or a removal.
CREATE FUNCTION ledger_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: % refused (post a reversing transaction instead)',
    TG_TABLE_NAME, TG_OP USING ERRCODE = 'restrict_violation';
END
$$;
--> statement-breakpoint
CREATE TRIGGER "ledger_entries_append_only" BEFORE UPDATE OR DELETE ON "ledger_entries"
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER "ledger_entries_no_truncate" BEFORE TRUNCATE ON "ledger_entries"
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER "ledger_transactions_append_only" BEFORE UPDATE OR DELETE ON "ledger_transactions"
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER "ledger_transactions_no_truncate" BEFORE TRUNCATE ON "ledger_transactions"
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
-- An account's balance follows its entries, and only them.
CREATE FUNCTION ledger_apply_entry() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE ledger_accounts SET balance_cents = balance_cents + NEW.amount_cents
    WHERE id = NEW.account_id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "ledger_entries_apply" AFTER INSERT ON "ledger_entries"
  FOR EACH ROW EXECUTE FUNCTION ledger_apply_entry();
--> statement-breakpoint
CREATE FUNCTION ledger_guard_account() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'ledger accounts are never deleted' USING ERRCODE = 'restrict_violation';
  END IF;
  -- ledger_apply_entry runs at trigger depth 1, so its update arrives here at depth 2.
  IF NEW.balance_cents IS DISTINCT FROM OLD.balance_cents AND pg_trigger_depth() < 2 THEN
    RAISE EXCEPTION 'a ledger account''s balance follows its entries: post a transaction'
      USING ERRCODE = 'restrict_violation';
  END IF;
  IF NEW.key IS DISTINCT FROM OLD.key OR NEW.kind IS DISTINCT FROM OLD.kind
     OR NEW.user_id IS DISTINCT FROM OLD.user_id THEN
    RAISE EXCEPTION 'ledger accounts are never renamed' USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "ledger_accounts_guard" BEFORE UPDATE OR DELETE ON "ledger_accounts"
  FOR EACH ROW EXECUTE FUNCTION ledger_guard_account();
--> statement-breakpoint
-- Backfill: the money that moved before the ledger. Tote's own accounts, and a card account for
-- each sender who paid.
INSERT INTO "ledger_accounts" ("key", "kind") VALUES
  ('held', 'held'), ('refunds', 'refunds'), ('platform_fees', 'platform_fees');
--> statement-breakpoint
INSERT INTO "ledger_accounts" ("key", "kind", "user_id")
SELECT DISTINCT 'sender_card:' || i."sender_id", 'sender_card'::ledger_account_kind, i."sender_id"
FROM "payments" p JOIN "items" i ON i."id" = p."item_id"
WHERE p."status" IN ('succeeded', 'refund_pending', 'refunded');
--> statement-breakpoint
-- Captures (card -> held) of payments whose request was accepted or that were refunded, as the
-- code records them from now on (a payment waiting for the sender's acceptance is not one yet).
WITH "captured" AS (
  INSERT INTO "ledger_transactions" ("kind", "key", "item_id", "request_id", "payment_id", "memo", "created_at")
  SELECT 'capture', 'capture:' || p."id", p."item_id", p."request_id", p."id",
    'backfilled by migration 0014', coalesce(p."paid_at", p."updated_at")
  FROM "payments" p JOIN "delivery_requests" r ON r."id" = p."request_id"
  WHERE p."status" IN ('succeeded', 'refund_pending', 'refunded')
    AND (r."request_status" = 'accepted' OR EXISTS (SELECT 1 FROM "refunds" f WHERE f."payment_id" = p."id"))
  RETURNING "id", "payment_id", "created_at"
)
INSERT INTO "ledger_entries" ("transaction_id", "account_id", "amount_cents", "created_at")
SELECT c."id", a."id", s."sign" * p."amount_cents", c."created_at"
FROM "captured" c
JOIN "payments" p ON p."id" = c."payment_id"
JOIN "items" i ON i."id" = p."item_id"
CROSS JOIN (VALUES (-1), (1)) AS s("sign")
JOIN "ledger_accounts" a
  ON a."key" = CASE WHEN s."sign" < 0 THEN 'sender_card:' || i."sender_id" ELSE 'held' END;
--> statement-breakpoint
-- Refunds decided (held -> refunds).
WITH "decided" AS (
  INSERT INTO "ledger_transactions" ("kind", "key", "item_id", "request_id", "payment_id", "refund_id", "memo", "created_at")
  SELECT 'refund', 'refund:' || f."id", p."item_id", p."request_id", p."id", f."id",
    'backfilled by migration 0014', f."created_at"
  FROM "refunds" f JOIN "payments" p ON p."id" = f."payment_id"
  RETURNING "id", "refund_id", "created_at"
)
INSERT INTO "ledger_entries" ("transaction_id", "account_id", "amount_cents", "created_at")
SELECT d."id", a."id", s."sign" * f."amount_cents", d."created_at"
FROM "decided" d
JOIN "refunds" f ON f."id" = d."refund_id"
CROSS JOIN (VALUES (-1), (1)) AS s("sign")
JOIN "ledger_accounts" a ON a."key" = CASE WHEN s."sign" < 0 THEN 'held' ELSE 'refunds' END;
--> statement-breakpoint
-- Refunds the provider confirmed (refunds -> the sender's card).
WITH "sent" AS (
  INSERT INTO "ledger_transactions" ("kind", "key", "item_id", "request_id", "payment_id", "refund_id", "memo", "created_at")
  SELECT 'refund_sent', 'refund_sent:' || f."id", p."item_id", p."request_id", p."id", f."id",
    'backfilled by migration 0014', f."updated_at"
  FROM "refunds" f JOIN "payments" p ON p."id" = f."payment_id"
  WHERE f."status" = 'succeeded'
  RETURNING "id", "refund_id", "created_at"
)
INSERT INTO "ledger_entries" ("transaction_id", "account_id", "amount_cents", "created_at")
SELECT t."id", a."id", s."sign" * f."amount_cents", t."created_at"
FROM "sent" t
JOIN "refunds" f ON f."id" = t."refund_id"
JOIN "payments" p ON p."id" = f."payment_id"
JOIN "items" i ON i."id" = p."item_id"
CROSS JOIN (VALUES (-1), (1)) AS s("sign")
JOIN "ledger_accounts" a
  ON a."key" = CASE WHEN s."sign" < 0 THEN 'refunds' ELSE 'sender_card:' || i."sender_id" END;
--> statement-breakpoint
-- Items delivered before: held, released 24 hours (PAYOUT_HOLD_HOURS' default) after delivery.
INSERT INTO "releases" ("request_id", "item_id", "deliverer_id", "release_at")
SELECT r."id", i."id", r."deliverer_id", coalesce(i."delivered_at", i."updated_at") + interval '24 hours'
FROM "items" i JOIN "delivery_requests" r ON r."id" = i."current_request_id"
WHERE i."status" = 'delivered' AND r."request_status" = 'accepted'
  AND EXISTS (SELECT 1 FROM "ledger_transactions" t WHERE t."kind" = 'capture' AND t."request_id" = r."id");
--> statement-breakpoint
INSERT INTO "jobs" ("name", "data", "run_at", "max_attempts")
SELECT 'payments.release', jsonb_build_object('requestId', "request_id"::text), "release_at", 30
FROM "releases";
--> statement-breakpoint
-- Accepted items still on their way: refunded if not delivered 7 days (AUTO_REFUND_DAYS' default)
-- after their deadline; the job looks again at the setting when it runs.
INSERT INTO "jobs" ("name", "data", "run_at", "max_attempts")
SELECT 'payments.auto_refund', jsonb_build_object('requestId', r."id"::text),
  i."delivery_deadline" + interval '7 days', 30
FROM "items" i JOIN "delivery_requests" r ON r."id" = i."current_request_id"
WHERE i."status" IN ('ready_to_pickup', 'in_process') AND r."request_status" = 'accepted';
