CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 8 NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"failed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text NOT NULL,
	"provider_refund_id" text,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refunds_payment_unique" UNIQUE("payment_id"),
	CONSTRAINT "refunds_provider_refund_unique" UNIQUE("provider_refund_id")
);
--> statement-breakpoint
CREATE TABLE "throttles" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "fingerprint" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("run_at") WHERE "jobs"."failed_at" is null;--> statement-breakpoint
CREATE INDEX "throttles_reset_idx" ON "throttles" USING btree ("reset_at");--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
-- Before the one-live-payment index: an older unpaid duplicate intent of a request is let go.
UPDATE "payments" p SET "status" = 'canceled' WHERE p."status" NOT IN ('canceled', 'refund_pending', 'refunded', 'succeeded') AND EXISTS (SELECT 1 FROM "payments" q WHERE q."request_id" = p."request_id" AND q."id" <> p."id" AND q."status" NOT IN ('canceled', 'refund_pending', 'refunded') AND (q."status" = 'succeeded' OR q."created_at" > p."created_at" OR (q."created_at" = p."created_at" AND q."id" > p."id")));--> statement-breakpoint
CREATE UNIQUE INDEX "payments_one_live_per_request" ON "payments" USING btree ("request_id") WHERE "payments"."status" not in ('canceled', 'refund_pending', 'refunded');