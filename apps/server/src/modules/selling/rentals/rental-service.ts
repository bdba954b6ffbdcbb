import { randomUUID } from 'node:crypto';
import { lessRentCredit } from '../bundles/pricing.ts';
import type { Page, Rental, RentalResult } from '@store/contract';
import type { Database } from '../../../db/client.ts';
import { HttpError, notFound } from '../../../lib/http-errors.ts';
import { pageWindow, toPage } from '../../../lib/pagination.ts';
import { posterUrls } from '../../media/index.ts';
import { requireAgeConfirmation } from '../../family/index.ts';
import { requireVisitorAge, type RatedSale } from '../purchases/purchase-service.ts';
import type { DepositService } from '../../payments/index.ts';
import { payAsVisitor, payForOrder, type OrderAnswer, type PaidOrder, type SaleListener, type Seller } from '../paid-orders.ts';
import { rentalRepository as repo, type RentalWithVideo } from './rental-repository.ts';

/** A rental's order, as an M-Pesa payment carries it until paid. */
export interface RentalOrder extends PaidOrder {
  kind: 'rental';
}

export function toRental(r: RentalWithVideo): Rental {
  return {
    id: r.id,
    video_id: r.videoId,
    title: r.season ? `${r.title} (${r.season})` : r.title,
    image: posterUrls(r.posterKey).default,
    price_paid: r.pricePaid,
    rented_at: r.rentedAt.toISOString(),
    started_at: r.startedAt?.toISOString() ?? null,
    expires_at: r.expiresAt.toISOString(),
  };
}

/**
 * Renting as a seller of the selling core: the video's rent_price (one sale line, kind 'rental',
 * under a 'rental' ledger entry), refused with 409 while the customer owns it or a rental of it is
 * live. Priced again when M-Pesa pays, so a video bought or rented meanwhile is not paid twice.
 */
// What price read of the video, for deliver in the same sale (saves reading it again).
const priced = new WeakMap<RentalOrder, { title: string; season: string | null; posterKey: string | null; hours: number }>();

export const rentalSeller: Seller<RentalOrder, RentalResult> = {
  ledgerKind: 'rental',
  saleKind: 'rental',
  async price(tx, userId, order) {
    const videoId = order.video_ids[0]!;
    const v = await repo.rentable(tx, userId, videoId);
    if (!v || v.rentPrice === null) throw notFound('This video is not for rent.');
    if (v.owned) throw new HttpError(409, 'You already own this video.');
    if (v.renting) throw new HttpError(409, 'You are already renting this video.');
    priced.set(order, v);
    const title = v.season ? `${v.title} (${v.season})` : v.title;
    return { lines: [{ videoId, listPrice: v.rentPrice, amount: v.rentPrice }], note: `Rental: ${title}` };
  },
  quick: {
    plan(f) {
      const v = f.videos[0];
      if (!v || v.rentPrice === null || f.owned.length > 0 || f.renting.length > 0) return null;
      return { lines: [{ videoId: v.id, listPrice: v.rentPrice, amount: v.rentPrice }], note: `Rental: ${v.season ? `${v.title} (${v.season})` : v.title}` };
    },
    answer(f, _order, sold) {
      const v = f.videos[0]!;
      const r = sold.rental!;
      const made = { ...r, rentedAt: new Date(r.rentedAt), startedAt: r.startedAt ? new Date(r.startedAt) : null, expiresAt: new Date(r.expiresAt) };
      return { rental: toRental({ ...made, title: v.title, season: v.season, posterKey: v.posterKey }), balance: sold.balance };
    },
  },
  async deliver(tx, userId, order, sold) {
    const line = sold.lines[0]!;
    const v = priced.get(order)!;
    const made = await repo.insert(tx, { userId, videoId: line.videoId, pricePaid: line.amount, hours: v.hours, reference: order.reference, saleLineId: sold.lineIds[0] ?? null });
    return { rental: toRental({ ...made, title: v.title, season: v.season, posterKey: v.posterKey }), balance: sold.balance };
  },
};

/** What a signed-in customer's video page adds (CONTRACT §11): the live rental, and the price less a recent rent. */
export async function rentalForVideo(db: Database, userId: number, video: { vidId: number; price: number }): Promise<{ rental: Rental | null; price_for_you: number }> {
  const [live, credits] = await Promise.all([repo.liveOne(db, userId, video.vidId), repo.rentCredits(db, userId, [video.vidId])]);
  const [priced] = lessRentCredit([{ videoId: video.vidId, amount: video.price }], credits);
  return { rental: live ? toRental(live) : null, price_for_you: priced!.amount };
}

/** The first fetch of a rented video's media starts its clock (the media route, when the right is a rental not yet started). */
export const startRental = (db: Database, userId: number, videoId: number) => repo.start(db, userId, videoId);

export function createRentalService(deps: { db: Database; deposits: DepositService; simulatorPhone: string | null; onSale?: SaleListener | undefined }) {
  const { db } = deps;
  return {
    /** POST /api/rentals/: the three outcomes of CONTRACT §8, with an Idempotency-Key and one promo code. */
    async rent(userId: number, input: { videoId: number; phone?: string | undefined; promoCode?: string | undefined; idempotencyKey?: string | undefined }, rated: RatedSale = {}): Promise<OrderAnswer<RentalResult>> {
      const order: RentalOrder = { kind: 'rental', reference: `rental-${randomUUID()}`, video_ids: [input.videoId], promo_code: input.promoCode?.trim() || null };
      // The age check is asked unless the quick way sells (it reads the age facts itself, decision 0048).
      const check = () => requireAgeConfirmation(db, userId, [input.videoId], rated.ageConfirmed, rated.familyUnlock);
      return payForOrder(deps, rentalSeller, { userId, order, phone: input.phone, idempotencyKey: input.idempotencyKey, check });
    },

    /** The same for a visitor with only a phone (CONTRACT §16): one prompt for the whole rent, on the account the paying phone names. */
    async rentAsVisitor(videoId: number, input: { phone: string; visitorHash: string; ip: string; ageConfirmed?: boolean | undefined }) {
      await requireVisitorAge(db, [videoId], input.ageConfirmed);
      const order: RentalOrder = { kind: 'rental', reference: `rental-${randomUUID()}`, video_ids: [videoId], promo_code: null };
      return payAsVisitor(deps, rentalSeller, { order, phone: input.phone, visitorHash: input.visitorHash, ip: input.ip });
    },

    async list(url: string, userId: number, q: { page?: string | undefined; page_size?: number | undefined }): Promise<Page<Rental>> {
      const w = pageWindow(q.page, q.page_size, 20);
      const { rows, count } = await repo.listFor(db, userId, w.pageSize, w.offset);
      return toPage(url, w, count, rows.map(toRental));
    },
  };
}
export type RentalService = ReturnType<typeof createRentalService>;
