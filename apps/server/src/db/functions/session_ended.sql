-- session_ended(): its live definition, last written by migration 0013_sessions_and_sign_in_links.sql. db/migrate.ts applies this
-- file after the migrations whenever it changes (decision 0049): change the function here, not in a migration.
-- A login ended (logout, a reused refresh token, a password reset) ends its access tokens at once:
-- every process keeps the recently ended families in memory and hears of new ones here. Row-level,
-- but PostgreSQL folds the same payload within a transaction: one notification per family.
CREATE OR REPLACE FUNCTION session_ended() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('session_ended', NEW.family);
  RETURN NULL;
END $$;
