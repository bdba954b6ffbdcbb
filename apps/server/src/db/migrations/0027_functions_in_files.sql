-- One selling core (decision 0049): plain purchases are sold by the selling core's quick way
-- (sale_facts + sell_checked) like every other sale, so buy_videos is retired. Live SQL functions
-- now live once each in db/functions/<name>.sql, applied by db/migrate.ts after the migrations
-- whenever a file changes; this table remembers what each file held when it was applied.
DROP FUNCTION IF EXISTS buy_videos(integer, integer[], text, text, text);--> statement-breakpoint
CREATE TABLE "sql_functions" (
	"name" text PRIMARY KEY NOT NULL,
	"sha256" text NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL
);
