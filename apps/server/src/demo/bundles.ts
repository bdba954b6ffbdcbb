import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { bundles, bundleVideos, djs, videos } from '../db/schema.ts';

/** The DJ whose favourites the demo's staff bundle gathers. */
export const DEMO_BUNDLE_DJ = 'Zamu';

/**
 * The demo's bundles (CONTRACT §2, §11): every series with two or more seasons already has its
 * "all seasons" bundle (migration 0019's trigger, as each season's clip is made); staff add one of
 * their own, a DJ's four most-bought films at 25% off.
 */
export async function addDemoBundles(tx: Database): Promise<void> {
  const picks = await tx
    .select({ id: videos.id })
    .from(videos)
    .innerJoin(djs, eq(djs.id, videos.djId))
    .where(and(eq(djs.djName, DEMO_BUNDLE_DJ), eq(videos.cartegory, 'movie')))
    .orderBy(desc(videos.purchaseTimes), videos.id)
    .limit(4);
  if (picks.length < 2) return;
  const [bundle] = await tx
    .insert(bundles)
    .values({ kind: 'staff', title: `DJ ${DEMO_BUNDLE_DJ}’s best`, description: `The four films DJ ${DEMO_BUNDLE_DJ}’s fans buy most, voiced in Sheng, together at 25% off.`, discountPercent: 25 })
    .returning({ id: bundles.id });
  await tx.insert(bundleVideos).values(picks.map((p, position) => ({ bundleId: bundle!.id, videoId: p.id, position })));
}
