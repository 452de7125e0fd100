-- Written by hand: drizzle's index builder has no INCLUDE, so db/schema.ts declares this index on route_cell alone (the snapshot says the same) and this file adds the columns the corridor tests.
-- The corridor (services/corridor.ts) tests each candidate on these columns alone and reads from the table only the page's rows: an index-only scan where the table's pages are all-visible.
DROP INDEX "items_route_cell_idx";--> statement-breakpoint
CREATE INDEX "items_route_cell_idx" ON "items" USING btree ("route_cell") INCLUDE ("id", "from_lat", "from_lng", "to_lat", "to_lng", "status", "sending_approval", "delivery_deadline", "sender_id");
