-- When a job's current attempt began: with its progress, the back office shows how long a
-- transcode is expected to take (a 60 fps film of hours keeps a worker busy for a long while).
ALTER TABLE "media_jobs" ADD COLUMN "started_at" timestamp with time zone;
