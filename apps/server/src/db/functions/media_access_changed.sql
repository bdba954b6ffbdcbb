-- media_access_changed(): its live definition, last written by migration 0012_media_access_notify.sql. db/migrate.ts applies this
-- file after the migrations whenever it changes (decision 0049): change the function here, not in a migration.
-- Media access changes (decision 0020): each process remembers canAccess's recent "yes" answers for
-- a few seconds (modules/media/access.ts) and forgets them all when told here that one may have
-- become "no": a purchase refunded or removed, a user deactivated, demoted or removed, a video
-- removed. Statement-level: one notification per statement, however many rows; PostgreSQL sends it
-- at commit and folds repeats within a transaction. A new purchase needs none: "no" is never kept.
CREATE OR REPLACE FUNCTION media_access_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('media_access', '');
  RETURN NULL;
END $$;
