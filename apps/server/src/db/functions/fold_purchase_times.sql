-- fold_purchase_times(): its live definition, first written for migration 0043_purchase_counts_appended.sql. db/migrate.ts applies this
-- file after the migrations whenever it changes (decision 0049): change the function here, not in a migration.
-- Moves the appended purchase count changes into videos.purchase_times (decision 0055) and answers
-- how many videos changed. Run by the 'fold-purchase-counts' job. Two folds at once count each change
-- once: the second's DELETE waits for the first's rows and then skips them, as they are gone. A change
-- appended by a sale not yet committed is not seen, and is folded by a later run.
CREATE OR REPLACE FUNCTION fold_purchase_times() RETURNS integer
LANGUAGE sql
AS $$
  WITH taken AS (DELETE FROM purchase_count_changes RETURNING video_id, delta),
  sums AS (SELECT video_id, sum(delta)::integer AS n FROM taken GROUP BY video_id),
  folded AS (
    UPDATE videos v SET purchase_times = greatest(v.purchase_times + s.n, 0)
      FROM sums s WHERE v.id = s.video_id AND s.n <> 0
    RETURNING v.id)
  SELECT count(*)::integer FROM folded;
$$;
