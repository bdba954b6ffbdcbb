-- Age ratings and the family lock (third round, CONTRACT §13). Every video carries the Kenya Film
-- Classification Board's rating; videos made before this migration are rated PG until staff rate
-- them (a guess that asks no age and hides nothing from a locked phone would be GE; PG at least tells
-- parents to look). The catalogue filters on it, so it is indexed with the newest-first order lists use.
ALTER TABLE "videos" ADD COLUMN "rating" text DEFAULT 'PG' NOT NULL;--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_rating_known" CHECK ("rating" IN ('GE', 'PG', '16', '18'));--> statement-breakpoint
CREATE INDEX "videos_rating_date_idx" ON "videos" USING btree ("rating", "date_uploaded" DESC);--> statement-breakpoint
-- When the customer said they are old enough for 16 and 18 (asked once, before the first such sale).
ALTER TABLE "users" ADD COLUMN "age_confirmed_at" timestamp with time zone;--> statement-breakpoint
-- The family lock: the PIN's hash (as a password's) while it is on. `family_lock_since` changes each
-- time the lock is turned on or its PIN reset, so an unlock value made before no longer opens it.
ALTER TABLE "users" ADD COLUMN "family_lock_pin_hash" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "family_lock_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_family_lock_whole" CHECK (("family_lock_pin_hash" IS NULL) = ("family_lock_since" IS NULL));
