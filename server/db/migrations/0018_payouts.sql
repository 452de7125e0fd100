ALTER TYPE "public"."ledger_account_kind" ADD VALUE 'transfers';--> statement-breakpoint
ALTER TYPE "public"."ledger_transaction_kind" ADD VALUE 'payout';--> statement-breakpoint
ALTER TYPE "public"."ledger_transaction_kind" ADD VALUE 'payout_reversal';--> statement-breakpoint
CREATE TABLE "payout_accounts" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"account_id" text NOT NULL,
	"can_receive" boolean DEFAULT false NOT NULL,
	"payout_failed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_accounts_account_unique" UNIQUE("account_id")
);
--> statement-breakpoint
CREATE TABLE "reconciliations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" text NOT NULL,
	"ran_at" timestamp with time zone DEFAULT now() NOT NULL,
	"balanced" boolean NOT NULL,
	"report" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "release_freezes" (
	"provider_dispute_id" text PRIMARY KEY NOT NULL,
	"item_id" uuid NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lifted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "test_payout_accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"transfers_active" boolean DEFAULT false NOT NULL,
	"link_token" text,
	"link_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "test_payout_accounts_user_unique" UNIQUE("user_id")
);
--> statement-breakpoint
CREATE TABLE "test_transfers" (
	"id" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"destination" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"reversed_cents" integer DEFAULT 0 NOT NULL,
	"source_transaction" text NOT NULL,
	"transfer_group" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "test_transfers_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "transfers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"deliverer_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"destination" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"reversed_cents" integer DEFAULT 0 NOT NULL,
	"reversal_sent_cents" integer DEFAULT 0 NOT NULL,
	"provider_transfer_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "transfers_request_unique" UNIQUE("request_id"),
	CONSTRAINT "transfers_provider_unique" UNIQUE("provider_transfer_id"),
	CONSTRAINT "transfers_amount_positive" CHECK ("transfers"."amount_cents" > 0),
	CONSTRAINT "transfers_reversed_range" CHECK ("transfers"."reversed_cents" >= 0 and "transfers"."reversed_cents" <= "transfers"."amount_cents")
);
--> statement-breakpoint
CREATE TABLE "webhook_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"object_id" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD CONSTRAINT "payout_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_freezes" ADD CONSTRAINT "release_freezes_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_request_id_releases_request_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."releases"("request_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_deliverer_id_users_id_fk" FOREIGN KEY ("deliverer_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "release_freezes_active_idx" ON "release_freezes" USING btree ("item_id") WHERE "release_freezes"."lifted_at" is null;--> statement-breakpoint
CREATE INDEX "transfers_deliverer_idx" ON "transfers" USING btree ("deliverer_id","created_at");--> statement-breakpoint
-- Deliverers who started Stripe onboarding before this migration keep their connected account;
-- whether it can receive transfers is read from Stripe on their next visit (decision 041).
INSERT INTO "payout_accounts" ("user_id", "provider", "account_id")
  SELECT "user_id", 'stripe', "stripe_account_id" FROM "payout_details"
  WHERE "stripe_account_id" IS NOT NULL
  ON CONFLICT DO NOTHING;
