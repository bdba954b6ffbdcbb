-- Try before you buy (third round, CONTRACT §11): the public first minute of each video, cut from its
-- data-saver rung by the media pipeline into media/previews/{video}/{rev}/. Null until it is made
-- (a job backfills videos transcoded before this migration); the catalogue reads it with the row.
ALTER TABLE "videos" ADD COLUMN "preview_path" text;
