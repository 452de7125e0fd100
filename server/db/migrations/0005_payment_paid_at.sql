ALTER TABLE "payments" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
UPDATE "payments" SET "paid_at" = "updated_at" WHERE "status" = 'succeeded';