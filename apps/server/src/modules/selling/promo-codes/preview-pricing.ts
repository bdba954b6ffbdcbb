import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { videos } from '../../../db/schema.ts';
import { bundleLines, lessRentCredit } from '../bundles/pricing.ts';
import type { BundleService } from '../bundles/bundle-service.ts';
import { rentalRepository } from '../rentals/rental-repository.ts';
import type { PromoLine } from './rules.ts';

/**
 * What a preview prices a code against: the lines the customer would pay for. Each seller knows its
 * own prices (a rental's rent, rent-then-own's price_for_you, a bundle's complete-the-set share), so
 * app.ts may hand in its own; null means something asked for is not for sale.
 */
export interface PreviewPricing {
  purchase(db: Database, userId: number | null, videoIds: number[]): Promise<PromoLine[] | null>;
  rental(db: Database, userId: number | null, videoId: number): Promise<PromoLine | null>;
  bundle(db: Database, userId: number | null, bundleId: number): Promise<PromoLine[] | null>;
}

/** Videos for sale (published, playable: CONTRACT §8) at their list prices, in the order asked. */
async function listPriced(db: Database, videoIds: number[]): Promise<PromoLine[] | null> {
  const rows = await db
    .select({ id: videos.id, price: videos.price })
    .from(videos)
    .where(and(inArray(videos.id, videoIds), eq(videos.published, true), isNotNull(videos.videoPath)));
  if (rows.length !== videoIds.length) return null;
  const byId = new Map(rows.map((r) => [r.id, r.price]));
  return videoIds.map((id) => ({ videoId: id, listPrice: byId.get(id)!, amount: byId.get(id)! }));
}

/** A purchase as the customer would pay it: each video at its price less a recent rental's rent (rent, then own). */
async function forYou(db: Database, userId: number | null, videoIds: number[]): Promise<PromoLine[] | null> {
  const lines = await listPriced(db, videoIds);
  if (!lines || userId === null) return lines;
  const credits = await rentalRepository.rentCredits(db, userId, videoIds);
  return lessRentCredit(lines, credits);
}

/** A video for rent (for sale, with a rent_price) at its rent, as the rental sale charges it. */
async function rentPriced(db: Database, videoId: number): Promise<PromoLine | null> {
  const [v] = await db
    .select({ rent: videos.rentPrice })
    .from(videos)
    .where(and(eq(videos.id, videoId), eq(videos.published, true), isNotNull(videos.videoPath), isNotNull(videos.rentPrice)));
  return v?.rent != null ? { videoId, listPrice: v.rent, amount: v.rent } : null;
}

/**
 * The store's prices as the catalogue shows them: a purchase at list price, a rental at its rent, a
 * bundle's unowned videos sharing its price_for_you by list price (as the bundle sale splits it).
 * A signed-in customer's purchase is priced as the purchase seller does: less a recent rental's rent.
 */
export function defaultPreviewPricing(deps: { bundles: BundleService; purchase?: PreviewPricing['purchase'] }): PreviewPricing {
  return {
    purchase: deps.purchase ?? forYou,
    rental: (db, _userId, videoId) => rentPriced(db, videoId),
    async bundle(db, userId, bundleId) {
      const b = await deps.bundles.get(bundleId, userId ?? undefined).catch(() => null);
      if (!b) return null;
      const owned = new Set(b.owned_video_ids ?? []);
      const credits = userId === null || userId === undefined ? new Map<number, number>() : await rentalRepository.rentCredits(db, userId, b.video_ids);
      return bundleLines({ price: b.price, listTotal: b.list_total, videos: b.videos }, owned, credits);
    },
  };
}
