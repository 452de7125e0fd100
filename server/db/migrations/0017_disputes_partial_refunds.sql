CREATE TABLE "disputes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"item_id" uuid NOT NULL,
	"request_id" uuid NOT NULL,
	"opened_by" uuid,
	"reason" text NOT NULL,
	"file_id" uuid,
	"outcome" text,
	"refund_cents" integer,
	"refund_id" uuid,
	"note" text,
	"resolved_by" uuid,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "disputes_item_unique" UNIQUE("item_id"),
	CONSTRAINT "disputes_reason_len" CHECK (char_length("disputes"."reason") between 1 and 2000),
	CONSTRAINT "disputes_note_len" CHECK (char_length("disputes"."note") <= 2000),
	CONSTRAINT "disputes_outcome" CHECK (("disputes"."resolved_at" is null and "disputes"."outcome" is null) or ("disputes"."outcome" = 'release' and "disputes"."refund_cents" is null) or ("disputes"."outcome" = 'refund' and "disputes"."refund_cents" > 0))
);
--> statement-breakpoint
ALTER TABLE "refunds" DROP CONSTRAINT "refunds_payment_unique";--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_request_id_delivery_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."delivery_requests"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_opened_by_users_id_fk" FOREIGN KEY ("opened_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "disputes_open_idx" ON "disputes" USING btree ("created_at") WHERE "disputes"."resolved_at" is null;--> statement-breakpoint
CREATE INDEX "refunds_payment_idx" ON "refunds" USING btree ("payment_id");--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_amount_positive" CHECK ("refunds"."amount_cents" > 0);--> statement-breakpoint
-- Partial refunds (decision 040): a payment may have several, never adding up to more than it.
-- Code locks the item and the payment first and answers 409 before this; the trigger is the
-- database's own guard should a bug try.
CREATE FUNCTION refunds_within_payment() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  paid bigint;
  total bigint;
BEGIN
  SELECT amount_cents INTO paid FROM payments WHERE id = NEW.payment_id;
  SELECT coalesce(sum(amount_cents), 0) INTO total FROM refunds WHERE payment_id = NEW.payment_id;
  IF total > paid THEN
    RAISE EXCEPTION 'refunds of payment % add up to % cents, more than its % cents', NEW.payment_id, total, paid
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "refunds_within_payment" AFTER INSERT OR UPDATE OF amount_cents, payment_id ON "refunds"
  FOR EACH ROW EXECUTE FUNCTION refunds_within_payment();
