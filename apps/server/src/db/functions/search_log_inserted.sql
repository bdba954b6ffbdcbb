-- search_log_inserted(): its live definition, last written by migration 0009_search_changes.sql. db/migrate.ts applies this
-- file after the migrations whenever it changes (decision 0049): change the function here, not in a migration.
-- Statement-level triggers: loading 100,000 videos in one INSERT writes the log in one INSERT too.
CREATE OR REPLACE FUNCTION search_log_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_changes (kind, ref_id) SELECT TG_ARGV[0], id FROM new_rows;
  RETURN NULL;
END $$;
