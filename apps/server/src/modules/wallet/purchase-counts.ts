import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { purchaseCountChanges, videos } from '../../db/schema.ts';

/** How often the 'fold-purchase-counts' job folds the appended changes into videos.purchase_times. */
export const FOLD_PURCHASE_COUNTS_EVERY_MS = 5_000;

/**
 * A video's purchase_times, counted by appending (decision 0055): each sale, gift or refund adds a
 * change in its own transaction (sell_checked.sql does the same for quick sales), the
 * 'fold-purchase-counts' job folds the changes into videos.purchase_times, and readers add what is
 * not folded yet. So a count is exact in the sale's transaction and sales of one video never wait on
 * its row.
 */
export const purchaseCounts = {
  /** Counts each video once more (delta 1) or once less (-1, a refund), in the caller's transaction. */
  async add(tx: Database, videoIds: number[], delta: 1 | -1): Promise<void> {
    if (videoIds.length === 0) return;
    await tx.insert(purchaseCountChanges).values(videoIds.map((videoId) => ({ videoId, delta })));
  },

  /** Folds every committed change into videos.purchase_times; answers how many videos changed. */
  async fold(db: Database): Promise<number> {
    const result = (await db.execute(sql`SELECT fold_purchase_times() AS n`)) as unknown as { rows: { n: number }[] };
    return result.rows[0]?.n ?? 0;
  },
};

/**
 * The purchase_times a reader shows: what is folded and what is not yet, never below 0. For a query
 * over `videos`, in what it selects: an ORDER BY over every row uses the folded column instead.
 */
export const purchaseTimesNow: SQL<number> = sql<number>`greatest(${videos.purchaseTimes} + coalesce((SELECT sum(c.delta) FROM ${purchaseCountChanges} c WHERE c.video_id = ${videos.id}), 0), 0)::integer`;
