-- What staff write, in Kiswahili too (issue 32 item 24): shown to a Kiswahili reader where filled,
-- the English text otherwise. Null: not translated yet.
ALTER TABLE "videos" ADD COLUMN IF NOT EXISTS "synopsis_sw" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN IF NOT EXISTS "message_sw" text;--> statement-breakpoint
ALTER TABLE "people" ADD COLUMN IF NOT EXISTS "title_sw" text;--> statement-breakpoint
ALTER TABLE "people" ADD COLUMN IF NOT EXISTS "message_sw" text;
