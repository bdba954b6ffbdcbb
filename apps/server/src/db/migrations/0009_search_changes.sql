-- Search's change log (decision 0016). Every process keeps its own in-memory search index and, before
-- each search, reads the entries here that it has not seen, so all processes answer alike whoever
-- wrote the change (the API, the back office, another process, a script). The transaction id lets a
-- reader re-read what was still uncommitted at its last look. Entries older than a day are pruned.
-- Kinds: 'v' a video (ref_id = videos.id), 'd' a DJ, 'g' a genre. Kept out of the drizzle schema on
-- purpose: only these triggers write it and only modules/catalog/search-sync.ts reads it.
CREATE TABLE "search_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" char(1) NOT NULL,
	"ref_id" integer NOT NULL,
	"xid" xid8 DEFAULT pg_current_xact_id() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_changes_xid_idx" ON "search_changes" USING btree ("xid");
--> statement-breakpoint
CREATE INDEX "search_changes_created_idx" ON "search_changes" USING btree ("created_at");
--> statement-breakpoint
-- Statement-level triggers: loading 100,000 videos in one INSERT writes the log in one INSERT too.
CREATE FUNCTION search_log_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_changes (kind, ref_id) SELECT TG_ARGV[0], id FROM new_rows;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION search_log_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_changes (kind, ref_id) SELECT TG_ARGV[0], id FROM old_rows;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- An update that changes nothing (or only columns search does not read, as a purchase's row lock) is not logged.
CREATE FUNCTION search_log_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_changes (kind, ref_id)
    SELECT TG_ARGV[0], n.id FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE n IS DISTINCT FROM o;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "videos_search_inserted" AFTER INSERT ON "videos" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_log_inserted('v');
--> statement-breakpoint
CREATE TRIGGER "videos_search_updated" AFTER UPDATE ON "videos" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_log_updated('v');
--> statement-breakpoint
CREATE TRIGGER "videos_search_deleted" AFTER DELETE ON "videos" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_log_deleted('v');
--> statement-breakpoint
CREATE TRIGGER "djs_search_inserted" AFTER INSERT ON "djs" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_log_inserted('d');
--> statement-breakpoint
CREATE TRIGGER "djs_search_updated" AFTER UPDATE ON "djs" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_log_updated('d');
--> statement-breakpoint
CREATE TRIGGER "djs_search_deleted" AFTER DELETE ON "djs" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_log_deleted('d');
--> statement-breakpoint
CREATE TRIGGER "genres_search_inserted" AFTER INSERT ON "genres" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_log_inserted('g');
--> statement-breakpoint
CREATE TRIGGER "genres_search_updated" AFTER UPDATE ON "genres" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_log_updated('g');
--> statement-breakpoint
CREATE TRIGGER "genres_search_deleted" AFTER DELETE ON "genres" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_log_deleted('g');
