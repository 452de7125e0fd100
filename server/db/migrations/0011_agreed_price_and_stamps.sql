ALTER TABLE "delivery_requests" ADD COLUMN "agreed_price_cents" integer;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "picked_up_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "delivery_requests" ADD CONSTRAINT "delivery_requests_agreed_price_cents_range" CHECK ("delivery_requests"."agreed_price_cents" >= 0);--> statement-breakpoint
-- Accepted requests already paid at agreedPriceCents (contract/money.ts): the offer, else the sender price.
UPDATE "delivery_requests" r SET "agreed_price_cents" = round(coalesce(r."deliverer_price", i."sender_price") * 100)::integer
FROM "items" i WHERE i."id" = r."item_id" AND r."request_status" = 'accepted';--> statement-breakpoint
-- Until now the moves were known only from the audit log (the deliverer's delivery.<status> entries).
UPDATE "items" i SET "picked_up_at" = (SELECT min(a."at") FROM "audit_log" a
  WHERE a."target_type" = 'item' AND a."target_id" = i."id"::text AND a."action" = 'delivery.in_process')
WHERE i."status" IN ('in_process', 'delivered');--> statement-breakpoint
UPDATE "items" i SET "delivered_at" = (SELECT max(a."at") FROM "audit_log" a
  WHERE a."target_type" = 'item' AND a."target_id" = i."id"::text AND a."action" = 'delivery.delivered')
WHERE i."status" = 'delivered';
