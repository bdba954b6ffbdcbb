-- video_published(): its live definition, last written by migration 0030_follows_notifications.sql. db/migrate.ts applies this
-- file after the migrations whenever it changes (decision 0049): change the function here, not in a migration.
-- A video becomes watchable when it is published with its file, whichever comes last (staff's
-- publish, or the transcoder finishing an upload): if anyone follows its DJ or its series, a
-- 'notify' job is queued in the same transaction (modules/notifications, CONTRACT §15). Its key
-- new_video:<id> makes the notifications once, however often it is unpublished and published again.
CREATE OR REPLACE FUNCTION video_published() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.published AND NEW.video_path IS NOT NULL
     AND (TG_OP = 'INSERT' OR NOT (OLD.published AND OLD.video_path IS NOT NULL))
     AND (EXISTS (SELECT 1 FROM follows f WHERE f.dj_id = NEW.dj_id)
          OR (NEW.cartegory = 'series' AND EXISTS (SELECT 1 FROM follows f WHERE f.series_key = lower(NEW.title)))) THEN
    INSERT INTO media_jobs (kind, payload, priority) VALUES ('notify', jsonb_build_object('newVideo', NEW.id), 60);
    PERFORM pg_notify('store_jobs', 'notify');
  END IF;
  RETURN NULL;
END $$;
