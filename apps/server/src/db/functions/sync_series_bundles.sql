-- sync_series_bundles(): its live definition, last written by migration 0019_bundles_and_gifts.sql. db/migrate.ts applies this
-- file after the migrations whenever it changes (decision 0049): change the function here, not in a migration.
-- Every series (cartegory 'series', by title whatever its case) with two or more seasons on sale
-- has an all-seasons bundle holding exactly its seasons on sale. A series that drops below two
-- keeps its bundle row (sales may name it), which the store then does not offer.
CREATE OR REPLACE FUNCTION sync_series_bundles() RETURNS void LANGUAGE plpgsql AS $$
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
