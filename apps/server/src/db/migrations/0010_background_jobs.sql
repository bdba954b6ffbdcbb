ALTER TABLE "media_jobs" ALTER COLUMN "video_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "media_jobs" ALTER COLUMN "source_path" SET DEFAULT '';--> statement-breakpoint
ALTER TABLE "media_jobs" ADD COLUMN "singleton_key" text;--> statement-breakpoint
CREATE INDEX "media_jobs_kind_idx" ON "media_jobs" USING btree ("kind","state");--> statement-breakpoint
ALTER TABLE "media_jobs" ADD CONSTRAINT "media_jobs_singleton_key_unique" UNIQUE("singleton_key");