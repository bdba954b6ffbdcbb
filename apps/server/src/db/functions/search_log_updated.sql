-- search_log_updated(): its live definition, last written by migration 0009_search_changes.sql. db/migrate.ts applies this
-- file after the migrations whenever it changes (decision 0049): change the function here, not in a migration.
-- An update that changes nothing (or only columns search does not read, as a purchase's row lock) is not logged.
CREATE OR REPLACE FUNCTION search_log_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_changes (kind, ref_id)
    SELECT TG_ARGV[0], n.id FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE n IS DISTINCT FROM o;
  RETURN NULL;
END $$;
