import { createHash, randomUUID } from 'node:crypto';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { CheckoutPayment, PurchaseRecord, Rating } from '@store/contract';
import type { Database } from '../../../db/client.ts';
import { purchases, users, videos } from '../../../db/schema.ts';
import { HttpError } from '../../../lib/http-errors.ts';
import { words } from '../../../lib/words.ts';
import { posterUrls } from '../../media/index.ts';
import type { DepositRow, DepositService, PaidOrderBuyer } from '../../payments/index.ts';
import { purchaseFailure } from '../../payments/index.ts';
import { requireAgeConfirmation } from '../../family/index.ts';
import { createPurchaseRepository, type Bought } from './purchase-repository.ts';
import { needsPricing, purchaseSeller, type PurchaseAnswerBody, type PurchaseOrder } from './purchase-seller.ts';
import { payForOrder } from '../paid-orders.ts';

/** What a request says about a sale of 16 and 18 videos (CONTRACT §13): its age confirmation and X-Family-Unlock. */
export interface RatedSale {
  ageConfirmed?: boolean | undefined;
  familyUnlock?: string | string[] | undefined;
}

export type PurchaseAnswer =
  | { status: 201; body: { purchases: PurchaseRecord[]; total: number; balance: number } }
  | { status: 202; body: CheckoutPayment };

/** The answer to a purchase, built from what buy_videos did (also when an Idempotency-Key replays it). */
function answerBody(buyer: { username: string }, r: Bought) {
  const purchases = r.bought.map((b) => {
    const v = r.found.find((f) => f.id === b.videoId)!;
    return { video_id: v.id, video_name: v.title, image_url: posterUrls(v.posterKey).default, price: v.price, username: buyer.username, purchase_time: new Date(b.createdAt).toISOString() };
  });
  return { purchases, total: r.total, balance: r.balance };
}

const hashOf = (videoIds: number[]) => createHash('sha256').update(JSON.stringify([...videoIds].sort((a, b) => a - b))).digest('hex');

/**
 * Buying, all or nothing: the server's prices, one transaction for the debit, its ledger entry, the
 * purchase records and purchase_times (the database function buy_videos). The customer's profile row
 * is locked first, so purchases by one customer never race (nor do retries with the same Idempotency-Key).
 */
export function createPurchaseService(deps: { db: Database; deposits: DepositService; simulatorPhone: string | null; onCatalogChange: () => void }) {
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
      const ids = [...new Set(videoIds)];
      const ageCheck = () => requireAgeConfirmation(db, buyer.id, ids, rated.ageConfirmed, rated.familyUnlock);
      // With a code the selling core's quick way reads the age facts itself (decision 0048).
      if (!promoCode) await ageCheck();
      // Rent, then own, and promo codes (CONTRACT §11): the sale is priced by the selling core.
      if (promoCode || (await needsPricing(db, buyer.id, ids))) {
        const order: PurchaseOrder = { kind: 'purchase', reference: `purchase-${randomUUID()}`, video_ids: [...ids].sort((a, b) => a - b), ...(promoCode ? { promo_code: promoCode } : {}) };
        const answer = await payForOrder(deps, purchaseSeller, { userId: buyer.id, order, phone, idempotencyKey, check: promoCode ? ageCheck : undefined });
        if (answer.status === 201) deps.onCatalogChange();
        return answer;
      }
      const requestHash = hashOf(ids);
      const r = await repo.buy(db, { userId: buyer.id, ids, idempotencyKey, requestHash, reference: `purchase-${randomUUID()}` });
      switch (r.outcome) {
        case 'no_profile':
          throw new HttpError(404, 'Not found.');
        case 'seen': {
          if (r.seen.requestHash !== requestHash) throw new HttpError(422, 'This Idempotency-Key was already used for a different purchase.');
          if (r.seen.status === 202) return paymentAnswer(buyer.id, (r.seen.body as { depositId: number }).depositId);
          // A sale the selling core made stored its answer as it was sent.
          if ('purchases' in (r.seen.body as object)) return { status: 201, body: r.seen.body as PurchaseAnswerBody };
          return { status: 201, body: answerBody(buyer, r.seen.body as Bought) };
        }
        case 'missing':
          throw await notForSale(buyer.id, ids.filter((id) => !r.found.some((f) => f.id === id)));
        case 'owned':
          throw new HttpError(409, 'You already own this video.', { owned: r.owned.map(Number) });
        case 'short':
          if (!phone) throw new HttpError(402, 'Your balance is too low for this purchase. Deposit with M-Pesa first.', { balance: r.balance, price: r.total, shortfall: r.total - r.balance });
          return payWithMpesa(buyer.id, { ids, phone, shortfall: r.total - r.balance, idempotencyKey, requestHash });
        case 'bought':
          deps.onCatalogChange();
          return { status: 201, body: answerBody(buyer, r) };
      }
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

  async function paymentAnswer(userId: number, depositId: number, deposit?: DepositRow): Promise<PurchaseAnswer> {
    const d = deposit ?? (await deps.deposits.byId(depositId));
    if (!d?.checkoutRequestId) throw new HttpError(409, 'This payment is still being sent to M-Pesa. Try again in a moment.');
    return {
      status: 202,
      body: { CheckoutRequestID: d.checkoutRequestId, amount: d.amount, CustomerMessage: 'Enter your M-Pesa PIN to complete transaction.', deposit: await deps.deposits.status({ id: userId }, d.checkoutRequestId), simulator_phone: deps.simulatorPhone },
    };
  }

  async function payWithMpesa(userId: number, o: { ids: number[]; phone: string; shortfall: number; idempotencyKey: string | undefined; requestHash: string }): Promise<PurchaseAnswer> {
    const { deposit } = await deps.deposits.startForPurchase(userId, { amount: o.shortfall, phone: o.phone, videoIds: o.ids }, async (tx, depositId) => {
      if (!o.idempotencyKey) return null;
      const seen = await repo.rememberPayment(tx, { userId, key: o.idempotencyKey, requestHash: o.requestHash, depositId });
      return seen === null ? null : ((await deps.deposits.byId(seen)) ?? null);
    });
    return paymentAnswer(userId, deposit.id, deposit);
  }
}

/**
 * Buys a paid checkout's videos in the transaction that credits its payment (buy_videos, so the same
 * rules and ledger as any purchase). When they can no longer be bought the money stays on the balance.
 */
export function createPaidOrderBuyer(deps: { onCatalogChange: () => void }): PaidOrderBuyer {
  const repo = createPurchaseRepository();
  return async (tx, deposit) => {
    const ids = deposit.purchaseVideoIds ?? [];
    const r = await repo.buy(tx, { userId: deposit.userId, ids, idempotencyKey: undefined, requestHash: hashOf(ids), reference: `purchase-deposit-${deposit.id}` });
    if (r.outcome === 'bought') {
      deps.onCatalogChange();
      return { state: 'completed' };
    }
    const why = r.outcome === 'owned' || r.outcome === 'short' ? r.outcome : 'missing';
    return { state: 'failed', detail: purchaseFailure[why] };
  };
}
export type PurchaseService = ReturnType<typeof createPurchaseService>;
