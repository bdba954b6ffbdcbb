import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { bundles, bundleVideos, purchases, videos } from '../../../db/schema.ts';
import { bundlePrice } from './pricing.ts';

/** A video of a bundle, as the bundle's offer and its sale need it. */
export interface BundleVideoRow {
  id: number;
  title: string;
  season: string | null;
  price: number;
  posterKey: string | null;
  djId: number;
  /** KFCB rating: a bundle holding a 16 or 18 video is left out under the family lock (CONTRACT §13). */
  rating: string;
}

/** A bundle with its videos on sale, its list total and its price. */
export interface BundleRow {
  id: number;
  kind: 'all_seasons' | 'staff';
  title: string;
  description: string;
  discountPercent: number;
  fixedPrice: number | null;
  videos: BundleVideoRow[];
  listTotal: number;
  price: number;
}

/** An all-seasons bundle is offered while its series has two seasons on sale; a staff bundle while it has a video. */
const offered = (b: BundleRow) => b.videos.length >= (b.kind === 'all_seasons' ? 2 : 1);

/** The videos of a bundle that are on sale (published, with a playable file), seasons in order. */
const memberColumns = {
  bundleId: bundleVideos.bundleId,
  kind: bundles.kind,
  title: bundles.title,
  description: bundles.description,
  discountPercent: bundles.discountPercent,
  fixedPrice: bundles.price,
  videoId: videos.id,
  videoTitle: videos.title,
  season: videos.season,
  videoPrice: videos.price,
  posterKey: videos.posterKey,
  djId: videos.djId,
  rating: videos.rating,
};

function group(rows: { bundleId: number; kind: 'all_seasons' | 'staff'; title: string; description: string; discountPercent: number; fixedPrice: number | null; videoId: number; videoTitle: string; season: string | null; videoPrice: number; posterKey: string | null; djId: number; rating: string }[]): BundleRow[] {
  const byId = new Map<number, BundleRow>();
  for (const r of rows) {
    let b = byId.get(r.bundleId);
    if (!b) {
      b = { id: r.bundleId, kind: r.kind, title: r.title, description: r.description, discountPercent: r.discountPercent, fixedPrice: r.fixedPrice, videos: [], listTotal: 0, price: 0 };
      byId.set(r.bundleId, b);
    }
    b.videos.push({ id: r.videoId, title: r.videoTitle, season: r.season, price: r.videoPrice, posterKey: r.posterKey, djId: r.djId, rating: r.rating });
  }
  for (const b of byId.values()) {
    b.listTotal = b.videos.reduce((s, v) => s + v.price, 0);
    b.price = bundlePrice(b.listTotal, b.discountPercent, b.fixedPrice);
  }
  return [...byId.values()].filter(offered);
}

export function createBundleRepository() {
  function members(db: Database, where: ReturnType<typeof and>) {
    return db
      .select(memberColumns)
      .from(bundleVideos)
      .innerJoin(bundles, eq(bundles.id, bundleVideos.bundleId))
      .innerJoin(videos, eq(videos.id, bundleVideos.videoId))
      .where(and(eq(bundles.published, true), eq(videos.published, true), isNotNull(videos.videoPath), where))
      .orderBy(asc(bundleVideos.bundleId), asc(bundleVideos.position), sql`length(${videos.season})`, asc(videos.season), asc(videos.id));
  }

  return {
    /** Every bundle on offer, or those holding one video. */
    async list(db: Database, o: { videoId?: number | undefined } = {}): Promise<BundleRow[]> {
      const where = o.videoId === undefined ? undefined : inArray(bundleVideos.bundleId, db.select({ id: bundleVideos.bundleId }).from(bundleVideos).where(eq(bundleVideos.videoId, o.videoId)));
      return group(await members(db, where));
    },

    async byId(db: Database, id: number): Promise<BundleRow | null> {
      return group(await members(db, eq(bundleVideos.bundleId, id)))[0] ?? null;
    },

    /** The bundles on offer that hold any of these videos, by video: what a video's `bundles` lists. */
    async ofVideos(db: Database, videoIds: number[]): Promise<Map<number, BundleRow[]>> {
      const out = new Map<number, BundleRow[]>();
      if (videoIds.length === 0) return out;
      const holding = db.select({ id: bundleVideos.bundleId }).from(bundleVideos).where(inArray(bundleVideos.videoId, videoIds));
      for (const b of group(await members(db, inArray(bundleVideos.bundleId, holding)))) {
        for (const v of b.videos) if (videoIds.includes(v.id)) out.set(v.id, [...(out.get(v.id) ?? []), b]);
      }
      return out;
    },

    /** Which of these videos the customer owns now (bought, gifted and claimed, not refunded). */
    async owned(db: Database, userId: number, videoIds: number[]): Promise<number[]> {
      if (videoIds.length === 0) return [];
      const rows = await db
        .select({ videoId: purchases.videoId })
        .from(purchases)
        .where(and(eq(purchases.userId, userId), inArray(purchases.videoId, videoIds), isNull(purchases.refundedAt)));
      return rows.map((r) => r.videoId);
    },
  };
}
export type BundleRepository = ReturnType<typeof createBundleRepository>;
