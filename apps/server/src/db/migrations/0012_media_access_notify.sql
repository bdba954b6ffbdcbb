-- Media access changes (decision 0020): each process remembers canAccess's recent "yes" answers for
-- a few seconds (modules/media/access.ts) and forgets them all when told here that one may have
-- become "no": a purchase refunded or removed, a user deactivated, demoted or removed, a video
-- removed. Statement-level: one notification per statement, however many rows; PostgreSQL sends it
-- at commit and folds repeats within a transaction. A new purchase needs none: "no" is never kept.
CREATE FUNCTION media_access_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('media_access', '');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "purchases_media_access" AFTER UPDATE OF refunded_at, user_id, video_id OR DELETE ON "purchases" FOR EACH STATEMENT EXECUTE FUNCTION media_access_changed();
--> statement-breakpoint
CREATE TRIGGER "users_media_access" AFTER UPDATE OF is_active, is_staff OR DELETE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION media_access_changed();
--> statement-breakpoint
CREATE TRIGGER "videos_media_access" AFTER DELETE ON "videos" FOR EACH STATEMENT EXECUTE FUNCTION media_access_changed();
