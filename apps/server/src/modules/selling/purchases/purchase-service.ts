import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import { ADULT_RATINGS, AGE_CONFIRMATION_NEEDED, type CheckoutPayment, type PurchaseRecord, type Rating } from '@store/contract';
import type { Database } from '../../../db/client.ts';
import { purchases, users, videos } from '../../../db/schema.ts';
import { HttpError } from '../../../lib/http-errors.ts';
import { words } from '../../../lib/words.ts';
import { posterUrls } from '../../media/index.ts';
import type { DepositService } from '../../payments/index.ts';
import { requireAgeConfirmation } from '../../family/index.ts';
import { createPurchaseRepository } from './purchase-repository.ts';
import { purchaseSeller, type PurchaseOrder } from './purchase-seller.ts';
import { payAsVisitor, payForOrder, type SaleListener } from '../paid-orders.ts';

/** What a request says about a sale of 16 and 18 videos (CONTRACT §13): its age confirmation and X-Family-Unlock. */
export interface RatedSale {
  ageConfirmed?: boolean | undefined;
  familyUnlock?: string | string[] | undefined;
}

/** A visitor has no account that confirmed its age: a 16 or 18 video needs `age_confirmed` on the request (CONTRACT §13, §16). */
export async function requireVisitorAge(db: Database, videoIds: number[], ageConfirmed: boolean | undefined) {
  if (ageConfirmed === true) return;
  const [adult] = await db.select({ id: videos.id }).from(videos).where(and(inArray(videos.id, videoIds), inArray(videos.rating, [...ADULT_RATINGS]))).limit(1);
  if (adult) throw new HttpError(403, AGE_CONFIRMATION_NEEDED, { age_confirmation_required: true });
}

export type PurchaseAnswer =
  | { status: 201; body: { purchases: PurchaseRecord[]; total: number; balance: number } }
  | { status: 202; body: CheckoutPayment };

/**
 * Buying, all or nothing, as one more seller of the selling core (paid-orders.ts, decision 0049): the
 * quick way's two round trips when nothing needs the slow way, the same rules, ledger and
 * Idempotency-Key as every other kind of sale. The customer's profile row is locked first, so
 * purchases by one customer never race (nor do retries with the same Idempotency-Key).
 */
export function createPurchaseService(deps: { db: Database; deposits: DepositService; simulatorPhone: string | null; onCatalogChange: () => void; onSale?: SaleListener | undefined }) {
  const { db } = deps;
  const repo = createPurchaseRepository();

  async function records(tx: Database, userId: number): Promise<PurchaseRecord[]> {
    const rows = await tx
      .select({ videoId: purchases.videoId, title: videos.title, posterKey: videos.posterKey, rating: videos.rating, price: purchases.price, username: users.username, createdAt: purchases.createdAt })
      .from(purchases)
      .innerJoin(videos, eq(videos.id, purchases.videoId))
      .innerJoin(users, eq(users.id, purchases.userId))
      .where(and(eq(purchases.userId, userId), isNull(purchases.refundedAt)))
      .orderBy(desc(purchases.createdAt), desc(purchases.id));
    return rows.map((r) => ({ video_id: r.videoId, video_name: r.title, image_url: posterUrls(r.posterKey).default, price: r.price, username: r.username, purchase_time: r.createdAt.toISOString(), rating: r.rating as Rating }));
  }

  return {
    records: (userId: number) => records(db, userId),

    /**
     * Buys `videoIds`. When the balance is short and a phone is given, sends one STK push for the
     * shortfall instead (202); the videos are bought when M-Pesa confirms (CONTRACT §8).
     */
    async buy(buyer: { id: number; username: string }, videoIds: number[], idempotencyKey?: string, phone?: string, rated: RatedSale = {}, promoCode?: string): Promise<PurchaseAnswer> {
      const ids = [...new Set(videoIds)].sort((a, b) => a - b);
      // The selling core's quick way reads the age facts itself; its slow way runs this check first.
      const ageCheck = () => requireAgeConfirmation(db, buyer.id, ids, rated.ageConfirmed, rated.familyUnlock);
      const order: PurchaseOrder = { kind: 'purchase', reference: `purchase-${randomUUID()}`, video_ids: ids, ...(promoCode ? { promo_code: promoCode } : {}) };
      try {
        const answer = await payForOrder(deps, purchaseSeller, { userId: buyer.id, order, phone, idempotencyKey, check: ageCheck });
        if (answer.status === 201) deps.onCatalogChange();
        return answer;
      } catch (err) {
        const missing = err instanceof HttpError && err.statusCode === 404 ? (err.extra.missing as number[] | undefined) : undefined;
        if (missing) throw await notForSale(buyer.id, missing);
        throw err;
      }
    },

    /**
     * The same for a visitor with only a phone (CONTRACT §16): one prompt for the whole price, sold on
     * the account the paying phone names. A 16 or 18 video needs `age_confirmed` here: there is no
     * account yet to have confirmed it.
     */
    async buyAsVisitor(videoIds: number[], input: { phone: string; visitorHash: string; ip: string; ageConfirmed?: boolean | undefined }) {
      const ids = [...new Set(videoIds)].sort((a, b) => a - b);
      await requireVisitorAge(db, ids, input.ageConfirmed);
      const order: PurchaseOrder = { kind: 'purchase', reference: `purchase-${randomUUID()}`, video_ids: ids };
      return payAsVisitor(deps, purchaseSeller, { order, phone: input.phone, visitorHash: input.visitorHash, ip: input.ip });
    },
  };

  /**
   * A video the order names is not for sale. When the customer's cart holds it (withdrawn, or its
   * file being made again, since it went in), a 409 names it and says what to do; a video never in
   * their cart is the contract's 404, which names nothing (it may be unpublished).
   */
  async function notForSale(userId: number, missing: number[]): Promise<HttpError> {
    const held = await repo.inCart(db, userId, missing);
    if (held.length === 0 || held.length < missing.length) return new HttpError(404, 'A video in this order is not for sale.', { missing });
    const titles = held.map((v) => `“${v.title}”`).join(', ');
    const message =
      held.length === 1
        ? words('Nothing was bought: {title} is not for sale right now. Take it out of your cart and try again.', { title: titles })
        : words('Nothing was bought: {titles} are not for sale right now. Take them out of your cart and try again.', { titles });
    return new HttpError(409, message, { missing });
  }
}

export type PurchaseService = ReturnType<typeof createPurchaseService>;
