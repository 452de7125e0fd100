ALTER TABLE "trips" ADD COLUMN "route_cells" bigint[];--> statement-breakpoint
CREATE INDEX "trips_route_cells_gin" ON "trips" USING gin ("route_cells");