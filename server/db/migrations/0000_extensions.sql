-- Geography for the radius search (DESIGN.md): the cube and earthdistance contrib extensions.
CREATE EXTENSION IF NOT EXISTS cube;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS earthdistance;
