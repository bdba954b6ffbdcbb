import type { CustomerPass, PassBought, PassProduct, PassRenewal } from '@store/contract';
import type { Database } from '../../../db/client.ts';
import { HttpError, notFound } from '../../../lib/http-errors.ts';
import type { DepositService, StandingOrderService } from '../../payments/index.ts';
import { payAsVisitor, payForOrder, type OrderAnswer, type SaleListener } from '../paid-orders.ts';
import { passRepository as repo } from './pass-repository.ts';
import { passOrder, passSeller, toCustomerPass, toProduct } from './pass-seller.ts';

/** Ratiba's schedule for a product, by its length: a day, a week, a month (30 days); others renew by prompt only. */
const FREQUENCY = { 24: 'daily', 168: 'weekly', 720: 'monthly' } as const;
export const standingOrderFrequency = (hours: number) => FREQUENCY[hours as keyof typeof FREQUENCY] ?? null;

export interface PassServiceDeps {
  db: Database;
  deposits: DepositService;
  simulatorPhone: string | null;
  onSale?: SaleListener | undefined;
  /** Ratiba, when M-Pesa's standing orders are set up (payments module). */
  standingOrders?: StandingOrderService | undefined;
}

/** Passes for customers (CONTRACT §14): products, buying through the selling core, their passes, renewal. */
export function createPassService(deps: PassServiceDeps) {
  const { db } = deps;

  async function ownPass(userId: number, id: number) {
    const [row] = await repo.mine(db, userId, { id });
    if (!row) throw notFound('No such pass.');
    return row;
  }

  return {
    /** GET /api/passes/: active products (or those covering one video), each with how many videos it covers. */
    async products(o: { videoId?: number | undefined } = {}): Promise<PassProduct[]> {
      return (await repo.products(db, { activeOnly: true, coveringVideo: o.videoId })).map(toProduct);
    },

    /** POST /api/passes/{id}/buy/: the three outcomes of §8, an Idempotency-Key, one promo code of kind `pass`. */
    async buy(userId: number, passId: number, input: { phone?: string | undefined; promoCode?: string | undefined; idempotencyKey?: string | undefined }): Promise<OrderAnswer<PassBought>> {
      const p = await repo.product(db, passId);
      if (!p || !p.active) throw notFound('This pass is not for sale.');
      return payForOrder(deps, passSeller, { userId, order: passOrder(passId, input.promoCode), phone: input.phone, idempotencyKey: input.idempotencyKey });
    },

    /** The same, for a visitor with only a phone (CONTRACT §16): one prompt for the whole price. */
    async buyAsVisitor(passId: number, input: { phone: string; visitorHash: string; ip: string }) {
      const p = await repo.product(db, passId);
      if (!p || !p.active) throw notFound('This pass is not for sale.');
      return payAsVisitor(deps, passSeller, { order: passOrder(passId), ...input });
    },

    async mine(userId: number): Promise<CustomerPass[]> {
      return (await repo.mine(db, userId)).map((r) => toCustomerPass(r, r.product as never));
    },

    /**
     * PUT /api/passes/mine/{id}/renewal: never without the customer's word. 'prompt' asks by M-Pesa on
     * the last day; 'standing_order' makes one Ratiba order (the customer's PIN once); 'off' stops both
     * (a Ratiba order is ended on *334#: what it still deducts goes to the balance).
     */
    async setRenewal(userId: number, id: number, input: { renewal: PassRenewal; phone?: string | undefined }): Promise<CustomerPass> {
      const row = await ownPass(userId, id);
      if (input.renewal === 'standing_order') {
        const frequency = standingOrderFrequency(row.product.hours);
        if (!frequency) throw new HttpError(409, 'This pass cannot renew by standing order. Choose a reminder and one M-Pesa prompt instead.');
        if (!deps.standingOrders) throw new HttpError(409, 'M-Pesa standing orders are not available in this store. Choose a reminder and one M-Pesa prompt instead.');
        if (row.endsAt.getTime() <= Date.now()) throw new HttpError(409, 'This pass has ended. Buy it again first.');
        const phone = input.phone ?? (await repo.phoneOf(db, userId));
        if (!phone) throw new HttpError(400, 'Add your M-Pesa number to your profile first.', { phone_number: ['This field is required.'] });
        const made = await deps.standingOrders.create(userId, {
          phone,
          amount: row.product.price,
          frequency,
          purpose: 'pass',
          subjectId: row.id,
          name: row.product.title,
          description: 'Video pass',
          startDate: row.endsAt,
        });
        await repo.setRenewal(db, row.id, { renewal: 'standing_order', standingOrderId: made.id });
      } else {
        await db.transaction(async (t) => {
          const tx = t as unknown as Database;
          if (row.standingOrderId && deps.standingOrders) await deps.standingOrders.cancel(tx, row.standingOrderId);
          await repo.setRenewal(tx, row.id, { renewal: input.renewal, standingOrderId: null });
        });
      }
      const fresh = await ownPass(userId, id);
      return toCustomerPass(fresh, fresh.product as never);
    },
  };
}
export type PassService = ReturnType<typeof createPassService>;

/** Counts a segment the store served under a pass (the media route's PassViewCounter, wired in app.ts). */
export const countPassView = (db: Database) => (passId: number, videoId: number, segment: number, seconds: number) => repo.countView(db, passId, videoId, segment, seconds);
