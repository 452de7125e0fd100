-- Edited from drizzle-kit's DROP INDEX + CREATE INDEX of the GIN: the same index without a rebuild, its pending list merged now.
DROP INDEX "trips_travel_date_idx";--> statement-breakpoint
ALTER INDEX "trips_route_cells_gin" SET (fastupdate = false);--> statement-breakpoint
SELECT gin_clean_pending_list('trips_route_cells_gin');
