-- series_bundles_changed(): its live definition, last written by migration 0019_bundles_and_gifts.sql. db/migrate.ts applies this
-- file after the migrations whenever it changes (decision 0049): change the function here, not in a migration.
CREATE OR REPLACE FUNCTION series_bundles_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM sync_series_bundles();
  RETURN NULL;
END $$;
