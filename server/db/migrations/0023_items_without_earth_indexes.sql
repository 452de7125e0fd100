-- No query of the app reads these since the corridor (decisions 023, 025: items_route_gist and items_route_cell_idx); each cost every item's write and, at ten million items, about an hour to build (docs/benchmarks.md).
DROP INDEX "items_from_earth_gist";--> statement-breakpoint
DROP INDEX "items_to_earth_gist";
