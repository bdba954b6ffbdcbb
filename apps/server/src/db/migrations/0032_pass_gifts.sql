-- A pass as a gift (CONTRACT §14): the giver pays the pass's price as a gift (a 'gift' ledger entry and
-- one sale line kind 'gift' of no video, like a pass's own line); the recipient's claim gives them one
-- period of the pass pointing at that line, and an unclaimed one goes back to the giver as a negative
-- 'refund' line of no video pointing back at it. So a line has no video exactly when it sells no one
-- video: always for a pass, and for a gift or a refund of one.
ALTER TABLE "gifts" ADD COLUMN "pass_id" integer REFERENCES "pass_products"("id") ON DELETE restrict;--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_pass_alone" CHECK ("pass_id" IS NULL OR ("bundle_id" IS NULL AND cardinality("video_ids") = 0));--> statement-breakpoint
ALTER TABLE "sale_lines" DROP CONSTRAINT "sale_lines_video_unless_pass";--> statement-breakpoint
ALTER TABLE "sale_lines" ADD CONSTRAINT "sale_lines_video_unless_pass" CHECK (("kind" <> 'pass' OR "video_id" IS NULL) AND ("video_id" IS NOT NULL OR "kind" IN ('pass', 'gift', 'refund')));
