-- A sale counts its videos by appending a row, not by updating each video's row (decision 0055).
-- Every sale of a video updated that video's row: sales of one video waited for each other until
-- commit, and each left a dead row version behind, which every read of the video then walked. The
-- changes are folded into videos.purchase_times by the 'fold-purchase-counts' job
-- (db/functions/fold_purchase_times.sql); until then readers add them (wallet/purchase-counts.ts).
CREATE TABLE "purchase_count_changes" (
  "video_id" integer NOT NULL,
  "delta" integer NOT NULL
);--> statement-breakpoint
CREATE INDEX "purchase_count_changes_video_idx" ON "purchase_count_changes" USING btree ("video_id");
