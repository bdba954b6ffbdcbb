-- Bundles and season passes, and gifts (third round, CONTRACT §11; decision 0041).
-- A bundle is made by staff, or by the store for every series with two or more seasons ("all
-- seasons"); its price is its videos' list total less its discount (or a price staff fixed), and a
-- customer pays only the share of what they lack. The store's bundles are kept in step with the
-- catalogue by a statement trigger on videos, so any process that adds, removes, publishes or
-- renames a season (the back office, the transcoding worker, the demo) keeps them right.
CREATE TABLE "bundle_settings" (
  "id" boolean PRIMARY KEY DEFAULT true,
  "all_seasons_discount_percent" integer NOT NULL DEFAULT 20,
  CONSTRAINT "bundle_settings_one_row" CHECK ("id"),
  CONSTRAINT "bundle_settings_discount_range" CHECK ("all_seasons_discount_percent" BETWEEN 0 AND 90)
);--> statement-breakpoint
INSERT INTO "bundle_settings" DEFAULT VALUES;--> statement-breakpoint
CREATE TABLE "bundles" (
  "id" serial PRIMARY KEY,
  "kind" text NOT NULL,
  "series_key" text,
  "title" text NOT NULL,
  "description" text NOT NULL DEFAULT '',
  "discount_percent" integer NOT NULL DEFAULT 20,
  "price" integer,
  "published" boolean NOT NULL DEFAULT true,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "bundles_kind_known" CHECK ("kind" IN ('all_seasons', 'staff')),
  CONSTRAINT "bundles_series_of_all_seasons" CHECK (("kind" = 'all_seasons') = ("series_key" IS NOT NULL)),
  CONSTRAINT "bundles_discount_range" CHECK ("discount_percent" BETWEEN 0 AND 90),
  CONSTRAINT "bundles_price_not_negative" CHECK ("price" IS NULL OR "price" >= 0)
);--> statement-breakpoint
CREATE UNIQUE INDEX "bundles_series_unique" ON "bundles" USING btree ("series_key") WHERE "series_key" IS NOT NULL;--> statement-breakpoint
CREATE TABLE "bundle_videos" (
  "bundle_id" integer NOT NULL REFERENCES "bundles"("id") ON DELETE cascade,
  "video_id" integer NOT NULL REFERENCES "videos"("id") ON DELETE cascade,
  "position" integer NOT NULL DEFAULT 0,
  PRIMARY KEY ("bundle_id", "video_id")
);--> statement-breakpoint
CREATE INDEX "bundle_videos_video_idx" ON "bundle_videos" USING btree ("video_id");--> statement-breakpoint
-- Every series (cartegory 'series', by title whatever its case) with two or more seasons on sale
-- has an all-seasons bundle holding exactly its seasons on sale. A series that drops below two
-- keeps its bundle row (sales may name it), which the store then does not offer.
CREATE FUNCTION sync_series_bundles() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO bundles (kind, series_key, title, discount_percent)
    SELECT 'all_seasons', lower(title), min(title) || ': all seasons', (SELECT all_seasons_discount_percent FROM bundle_settings)
      FROM videos
      WHERE cartegory = 'series' AND season IS NOT NULL AND published AND video_path IS NOT NULL
      GROUP BY lower(title) HAVING count(DISTINCT lower(season)) >= 2
    ON CONFLICT ("series_key") WHERE "series_key" IS NOT NULL DO NOTHING;
  DELETE FROM bundle_videos bv USING bundles b
    WHERE b.id = bv.bundle_id AND b.kind = 'all_seasons'
      AND NOT EXISTS (SELECT 1 FROM videos v WHERE v.id = bv.video_id AND lower(v.title) = b.series_key
                        AND v.cartegory = 'series' AND v.season IS NOT NULL AND v.published AND v.video_path IS NOT NULL);
  INSERT INTO bundle_videos (bundle_id, video_id)
    SELECT b.id, v.id FROM bundles b JOIN videos v ON lower(v.title) = b.series_key
      WHERE b.kind = 'all_seasons' AND v.cartegory = 'series' AND v.season IS NOT NULL AND v.published AND v.video_path IS NOT NULL
    ON CONFLICT DO NOTHING;
END $$;
--> statement-breakpoint
CREATE FUNCTION series_bundles_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM sync_series_bundles();
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Not on purchase_times: a purchase updates the video row and must not pay for this.
CREATE TRIGGER "videos_series_bundles" AFTER INSERT OR DELETE OR UPDATE OF title, season, cartegory, published, video_path ON "videos" FOR EACH STATEMENT EXECUTE FUNCTION series_bundles_changed();
--> statement-breakpoint
SELECT sync_series_bundles();
--> statement-breakpoint
-- A gift: paid by its giver (a 'gift' ledger entry and its sale lines under `reference`), told to
-- its recipient with a claim link whose token is kept only as a SHA-256 hash, claimed once by
-- whoever signs in with it, or returned to the giver when unclaimed at `expires_at`.
CREATE TABLE "gifts" (
  "id" serial PRIMARY KEY,
  "giver_id" integer NOT NULL REFERENCES "users"("id") ON DELETE restrict,
  "token_hash" text NOT NULL,
  "to_phone" text,
  "to_email" text,
  "message" text NOT NULL DEFAULT '',
  "bundle_id" integer REFERENCES "bundles"("id") ON DELETE set null,
  "video_ids" integer[] NOT NULL,
  "title" text NOT NULL,
  "amount" integer NOT NULL,
  "reference" text NOT NULL,
  "state" text NOT NULL DEFAULT 'sent',
  "recipient_id" integer REFERENCES "users"("id") ON DELETE restrict,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "expires_at" timestamp with time zone NOT NULL,
  "claimed_at" timestamp with time zone,
  "returned_at" timestamp with time zone,
  CONSTRAINT "gifts_state_known" CHECK ("state" IN ('sent', 'claimed', 'returned')),
  CONSTRAINT "gifts_one_recipient_address" CHECK (("to_phone" IS NULL) <> ("to_email" IS NULL)),
  CONSTRAINT "gifts_claimed_has_recipient" CHECK (("state" = 'claimed') = ("recipient_id" IS NOT NULL)),
  CONSTRAINT "gifts_amount_not_negative" CHECK ("amount" >= 0)
);--> statement-breakpoint
CREATE UNIQUE INDEX "gifts_token_hash_unique" ON "gifts" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "gifts_reference_unique" ON "gifts" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "gifts_giver_idx" ON "gifts" USING btree ("giver_id", "created_at");--> statement-breakpoint
CREATE INDEX "gifts_recipient_idx" ON "gifts" USING btree ("recipient_id", "created_at");--> statement-breakpoint
CREATE INDEX "gifts_unclaimed_idx" ON "gifts" USING btree ("expires_at") WHERE "state" = 'sent';
