CREATE TYPE "public"."handoff_step" AS ENUM('pickup', 'delivery');--> statement-breakpoint
CREATE TABLE "handoffs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"item_id" uuid NOT NULL,
	"request_id" uuid NOT NULL,
	"step" "handoff_step" NOT NULL,
	"nonce" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"proof" text,
	"happened_at" timestamp with time zone,
	"recorded_at" timestamp with time zone,
	"latitude" double precision,
	"longitude" double precision,
	"accuracy_m" double precision,
	"photo_file_id" uuid,
	"waived_by" uuid,
	"waived_at" timestamp with time zone,
	"waive_reason" text,
	"recipient_token_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "handoffs_nonce_unique" UNIQUE("nonce"),
	CONSTRAINT "handoffs_recipient_token_unique" UNIQUE("recipient_token_hash"),
	CONSTRAINT "handoffs_request_step_unique" UNIQUE("request_id","step"),
	CONSTRAINT "handoffs_waive_reason_len" CHECK (char_length("handoffs"."waive_reason") <= 1000)
);
--> statement-breakpoint
ALTER TABLE "delivery_requests" ADD COLUMN "accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "pickup_address" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "pickup_instructions" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "pickup_phone" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "recipient_email" text;--> statement-breakpoint
ALTER TABLE "handoffs" ADD CONSTRAINT "handoffs_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handoffs" ADD CONSTRAINT "handoffs_request_id_delivery_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."delivery_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handoffs" ADD CONSTRAINT "handoffs_photo_file_id_stored_files_id_fk" FOREIGN KEY ("photo_file_id") REFERENCES "public"."stored_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handoffs" ADD CONSTRAINT "handoffs_waived_by_users_id_fk" FOREIGN KEY ("waived_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "handoffs_item_idx" ON "handoffs" USING btree ("item_id");--> statement-breakpoint
-- Requests accepted before: the sender's request.accept audit entry, else the row's last change.
UPDATE "delivery_requests" r SET "accepted_at" = coalesce((SELECT min(a."at") FROM "audit_log" a
  WHERE a."target_type" = 'delivery_request' AND a."target_id" = r."id"::text AND a."action" = 'request.accept'), r."updated_at")
WHERE r."request_status" = 'accepted';
