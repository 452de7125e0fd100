-- Edited by hand (decision 051): the columns in one ALTER TABLE, so a big table is rewritten once, not seven times; the trigger and the covering index are beyond drizzle's builder (db/schema.ts declares the columns and the index on route_cell alone, as the snapshot does).
ALTER TABLE "items"
  ADD COLUMN "from_x" double precision GENERATED ALWAYS AS (cos(radians(from_lat)) * cos(radians(from_lng))) STORED,
  ADD COLUMN "from_y" double precision GENERATED ALWAYS AS (cos(radians(from_lat)) * sin(radians(from_lng))) STORED,
  ADD COLUMN "from_z" double precision GENERATED ALWAYS AS (sin(radians(from_lat))) STORED,
  ADD COLUMN "to_x" double precision GENERATED ALWAYS AS (cos(radians(to_lat)) * cos(radians(to_lng))) STORED,
  ADD COLUMN "to_y" double precision GENERATED ALWAYS AS (cos(radians(to_lat)) * sin(radians(to_lng))) STORED,
  ADD COLUMN "to_z" double precision GENERATED ALWAYS AS (sin(radians(to_lat))) STORED,
  ADD COLUMN "taken" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "items" SET "taken" = true WHERE "id" IN (SELECT "item_id" FROM "delivery_requests" WHERE "request_status" = 'accepted');--> statement-breakpoint
-- items.taken follows the item's requests whatever writes them. The item row is locked before the
-- requests are read: a later statement of this function then sees every request committed by a
-- transaction that held the lock before (READ COMMITTED takes a new snapshot per statement).
CREATE FUNCTION "items_taken_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids uuid[];
  item uuid;
  accepted boolean;
BEGIN
  IF TG_OP = 'INSERT' THEN ids := ARRAY[NEW.item_id];
  ELSIF TG_OP = 'DELETE' THEN ids := ARRAY[OLD.item_id];
  ELSE ids := ARRAY[OLD.item_id, NEW.item_id];
  END IF;
  FOREACH item IN ARRAY ids LOOP
    PERFORM 1 FROM "items" WHERE "id" = item FOR UPDATE;
    accepted := EXISTS (
      SELECT 1 FROM "delivery_requests" WHERE "item_id" = item AND "request_status" = 'accepted'
    );
    UPDATE "items" SET "taken" = accepted WHERE "id" = item AND "taken" IS DISTINCT FROM accepted;
  END LOOP;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Only writes that make or unmake an accepted request: a new offer or a decline never touches the item.
CREATE TRIGGER "delivery_requests_taken_insert" AFTER INSERT ON "delivery_requests" FOR EACH ROW WHEN (NEW.request_status = 'accepted') EXECUTE FUNCTION "items_taken_sync"();--> statement-breakpoint
CREATE TRIGGER "delivery_requests_taken_update" AFTER UPDATE OF "request_status", "item_id" ON "delivery_requests" FOR EACH ROW WHEN (OLD.request_status = 'accepted' OR NEW.request_status = 'accepted') EXECUTE FUNCTION "items_taken_sync"();--> statement-breakpoint
CREATE TRIGGER "delivery_requests_taken_delete" AFTER DELETE ON "delivery_requests" FOR EACH ROW WHEN (OLD.request_status = 'accepted') EXECUTE FUNCTION "items_taken_sync"();--> statement-breakpoint
-- The corridor tests its candidates on this index alone (migration 0024): now on the stored unit vectors and taken.
DROP INDEX "items_route_cell_idx";--> statement-breakpoint
CREATE INDEX "items_route_cell_idx" ON "items" USING btree ("route_cell") INCLUDE ("id", "from_x", "from_y", "from_z", "to_x", "to_y", "to_z", "status", "sending_approval", "delivery_deadline", "sender_id", "taken");
