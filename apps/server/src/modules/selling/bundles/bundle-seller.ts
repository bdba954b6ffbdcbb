import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { PurchaseRecord } from '@store/contract';
import type { Database } from '../../../db/client.ts';
import { cartItems, purchases, users, videos } from '../../../db/schema.ts';
import { HttpError, notFound } from '../../../lib/http-errors.ts';
import { posterUrls } from '../../media/index.ts';
import { purchaseCounts, type SaleLineInput } from '../../wallet/index.ts';
import type { DepositService } from '../../payments/index.ts';
import { requireAgeConfirmation } from '../../family/index.ts';
import { payAsVisitor, payForOrder, type PaidOrder, type SaleListener, type Seller } from '../paid-orders.ts';
import { requireVisitorAge } from '../purchases/purchase-service.ts';
import { bundleReference } from './admin-resource.ts';
import { createBundleRepository } from './bundle-repository.ts';
import { bundleLines } from './pricing.ts';
import { rentalRepository } from '../rentals/rental-repository.ts';

/** A bundle's order, as an M-Pesa payment carries it: the bundle, all its videos (what the deposit shows), one code. */
export interface BundleOrder extends PaidOrder {
  kind: 'bundle';
  bundle_id: number;
}

export interface BundleBought {
  purchases: PurchaseRecord[];
  total: number;
  balance: number;
}

export const bundleOrder = (bundleId: number, videoIds: number[], promoCode: string | undefined): BundleOrder => ({
  kind: 'bundle',
  reference: bundleReference(bundleId, randomUUID()),
  bundle_id: bundleId,
  video_ids: videoIds,
  promo_code: promoCode ?? null,
});

/**
 * Makes sold lines the customer's own: a purchase per line at what it cost (its share of the
 * bundle), pointing at its sale line so a refund returns that share; each video counted once more
 * (purchaseCounts) and taken out of the cart, as every sale does.
 */
export async function grantLines(tx: Database, userId: number, lines: SaleLineInput[], lineIds: number[]): Promise<PurchaseRecord[]> {
  if (lines.length === 0) return [];
  const ids = lines.map((l) => l.videoId);
  const made = await tx
    .insert(purchases)
    .values(lines.map((l, i) => ({ userId, videoId: l.videoId, price: l.amount, saleLineId: lineIds[i]! })))
    .returning({ videoId: purchases.videoId, price: purchases.price, createdAt: purchases.createdAt });
  await purchaseCounts.add(tx, ids, 1);
  await tx.delete(cartItems).where(and(eq(cartItems.userId, userId), inArray(cartItems.videoId, ids)));
  // One query at a time: a transaction is one connection.
  const vs = await tx.select({ id: videos.id, title: videos.title, posterKey: videos.posterKey }).from(videos).where(inArray(videos.id, ids));
  const [who] = await tx.select({ username: users.username }).from(users).where(eq(users.id, userId));
  return made
    .sort((a, b) => ids.indexOf(a.videoId) - ids.indexOf(b.videoId))
    .map((p) => {
      const v = vs.find((x) => x.id === p.videoId)!;
      return { video_id: v.id, video_name: v.title, image_url: posterUrls(v.posterKey).default, price: p.price, username: who?.username ?? '', purchase_time: p.createdAt.toISOString() };
    });
}

/**
 * Buying a bundle (CONTRACT §11) as a seller of the selling core: the videos the customer lacks, at
 * round(price x their list prices / list_total), split over them by list price with no shilling lost
 * (sale lines kind 'bundle' under a 'purchase' entry), each less the rent of a recent rental of
 * it (rent, then own). Priced again when M-Pesa pays, so a season bought meanwhile is not paid
 * twice. All owned: 409.
 */
export const bundleSeller: Seller<BundleOrder, BundleBought> = {
  ledgerKind: 'purchase',
  saleKind: 'bundle',
  async price(tx, userId, order) {
    const repo = createBundleRepository();
    const b = await repo.byId(tx, order.bundle_id);
    if (!b) throw notFound('This bundle is not for sale.');
    const owned = new Set(await repo.owned(tx, userId, b.videos.map((v) => v.id)));
    const unowned = b.videos.filter((v) => !owned.has(v.id));
    if (unowned.length === 0) throw new HttpError(409, 'You already own everything in this bundle.');
    const credits = await rentalRepository.rentCredits(tx, userId, unowned.map((v) => v.id));
    const lines = bundleLines(b, owned, credits);
    return { lines, note: `${b.title}: ${unowned.map((v) => (v.season ? `${v.title} (${v.season})` : v.title)).join(', ')}`, bundleId: b.id };
  },
  async deliver(tx, userId, _order, sold) {
    return { purchases: await grantLines(tx, userId, sold.lines, sold.lineIds), total: sold.total, balance: sold.balance };
  },
};

/** POST /api/bundles/{id}/buy/: the bundle's order through the selling core's three outcomes. */
export function createBundleSales(deps: { db: Database; deposits: DepositService; simulatorPhone: string | null; onCatalogChange: () => void; onSale?: SaleListener | undefined }) {
  const repo = createBundleRepository();
  return {
    async buy(userId: number, bundleId: number, o: { phone?: string | undefined; promoCode?: string | undefined; idempotencyKey?: string | undefined; ageConfirmed?: boolean | undefined; familyUnlock?: string | undefined }) {
      const b = await repo.byId(deps.db, bundleId);
      if (!b) throw notFound('This bundle is not for sale.');
      await requireAgeConfirmation(deps.db, userId, b.videos.map((v) => v.id), o.ageConfirmed, o.familyUnlock);
      const answer = await payForOrder(deps, bundleSeller, { userId, order: bundleOrder(b.id, b.videos.map((v) => v.id), o.promoCode || undefined), phone: o.phone, idempotencyKey: o.idempotencyKey });
      if (answer.status === 201) deps.onCatalogChange();
      return answer;
    },
    /** The same for a visitor with only a phone (CONTRACT §16): one prompt for the whole bundle; what the paying phone's account owns already stays on its balance. */
    async buyAsVisitor(bundleId: number, o: { phone: string; visitorHash: string; ip: string; ageConfirmed?: boolean | undefined }) {
      const b = await repo.byId(deps.db, bundleId);
      if (!b) throw notFound('This bundle is not for sale.');
      const ids = b.videos.map((v) => v.id);
      await requireVisitorAge(deps.db, ids, o.ageConfirmed);
      return payAsVisitor(deps, bundleSeller, { order: bundleOrder(b.id, ids, undefined), phone: o.phone, visitorHash: o.visitorHash, ip: o.ip });
    },
  };
}
export type BundleSales = ReturnType<typeof createBundleSales>;
