import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { GiftCreated, giftInputSchema, Language } from '@store/contract';
import type { z } from 'zod';
import type { Database } from '../../../db/client.ts';
import { users, videos } from '../../../db/schema.ts';
import { notFound } from '../../../lib/http-errors.ts';
import { NOT_A_VIDEO } from '../../wallet/index.ts';
import type { DepositService } from '../../payments/index.ts';
import { requireAgeConfirmation } from '../../family/index.ts';
import { payForOrder, type PaidOrder, type SaleListener, type Seller } from '../paid-orders.ts';
import { createBundleRepository } from '../bundles/bundle-repository.ts';
import { splitByListPrice } from '../bundles/pricing.ts';
import { passRepository } from '../passes/pass-repository.ts';
import type { GiftService } from './gift-service.ts';

/** A gift's order, as an M-Pesa payment carries it until paid: what it holds, for whom, and the giver's words. */
export interface GiftOrder extends PaidOrder {
  kind: 'gift';
  bundle_id: number | null;
  /** A pass given (CONTRACT §14); absent on orders stored before passes could be given. */
  pass_id?: number | null | undefined;
  to_phone: string | null;
  to_email: string | null;
  message: string;
  /** The giver's language: the recipient's notice is written in it. */
  language: Language;
}

const named = (v: { title: string; season: string | null }) => (v.season ? `${v.title} (${v.season})` : v.title);

/**
 * Giving (CONTRACT §11) as a seller of the selling core: the giver pays the list prices of the
 * videos, or a bundle's whole price split over its videos by list price (what the recipient owns is
 * not known yet: their balance gets that share when they claim), or a pass's price as one line of no
 * video (CONTRACT §14: kind 'gift', the giver's gift; the recipient's period of it points at that line).
 * A 'gift' entry and sale lines kind 'gift' for the giver, no purchases; the gift and its claim link
 * are written in the same transaction.
 */
export function giftSeller(gifts: GiftService): Seller<GiftOrder, GiftCreated> {
  return {
    ledgerKind: 'gift',
    saleKind: 'gift',
    async price(tx, _userId, order) {
      if (order.pass_id) {
        const p = await passRepository.product(tx, order.pass_id);
        if (!p || !p.active) throw notFound('This pass is not for sale.');
        return { lines: [{ videoId: NOT_A_VIDEO, listPrice: p.price, amount: p.price }], note: `Gift: ${p.title}`, item: { title: p.title } };
      }
      if (order.bundle_id !== null) {
        const b = await createBundleRepository().byId(tx, order.bundle_id);
        if (!b) throw notFound('This bundle is not for sale.');
        const lines = splitByListPrice(
          b.videos.map((v) => ({ videoId: v.id, listPrice: v.price })),
          b.price,
        );
        return { lines, note: `Gift: ${b.title}`, bundleId: b.id };
      }
      const ids = [...new Set(order.video_ids)];
      const rows = await tx
        .select({ id: videos.id, title: videos.title, season: videos.season, price: videos.price })
        .from(videos)
        .where(and(inArray(videos.id, ids), eq(videos.published, true), isNotNull(videos.videoPath)));
      if (rows.length !== ids.length) throw notFound('A video in this order is not for sale.');
      const byId = new Map(rows.map((r) => [r.id, r]));
      return { lines: ids.map((id) => ({ videoId: id, listPrice: byId.get(id)!.price, amount: byId.get(id)!.price })), note: `Gift: ${ids.map((id) => named(byId.get(id)!)).join(', ')}` };
    },
    async deliver(tx, userId, order, sold) {
      const passId = order.pass_id ?? null;
      const ids = passId === null ? sold.lines.map((l) => l.videoId) : [];
      // One query at a time: a transaction is one connection.
      const [giver] = await tx.select({ username: users.username }).from(users).where(eq(users.id, userId));
      const vs = await tx.select({ id: videos.id, title: videos.title, season: videos.season }).from(videos).where(inArray(videos.id, ids));
      const bundle = order.bundle_id === null ? null : await createBundleRepository().byId(tx, order.bundle_id);
      const pass = passId === null ? null : await passRepository.product(tx, passId);
      const title = pass?.title ?? bundle?.title ?? ids.map((id) => named(vs.find((v) => v.id === id)!)).join(', ');
      const gift = await gifts.record(tx, {
        giverId: userId,
        giverName: giver?.username ?? '',
        reference: order.reference,
        amount: sold.total,
        videoIds: ids,
        bundleId: order.bundle_id,
        passId,
        title,
        toPhone: order.to_phone,
        toEmail: order.to_email,
        message: order.message,
        language: order.language,
      });
      return { gift: await gifts.view(gift, userId, tx), total: sold.total, balance: sold.balance };
    },
  };
}

/** POST /api/gifts/: the gift's order through the selling core's three outcomes. */
export function createGiftSales(deps: { db: Database; deposits: DepositService; simulatorPhone: string | null; gifts: GiftService; onSale?: SaleListener | undefined }) {
  const seller = giftSeller(deps.gifts);
  const bundles = createBundleRepository();
  return {
    seller,
    async give(userId: number, input: z.infer<typeof giftInputSchema>, o: { language: Language; idempotencyKey?: string | undefined; familyUnlock?: string | undefined }) {
      let videoIds = input.video_ids ?? [];
      if (input.pass_id !== undefined) {
        const p = await passRepository.product(deps.db, input.pass_id);
        if (!p || !p.active) throw notFound('This pass is not for sale.');
      }
      if (input.bundle_id !== undefined) {
        const b = await bundles.byId(deps.db, input.bundle_id);
        if (!b) throw notFound('This bundle is not for sale.');
        videoIds = b.videos.map((v) => v.id);
      }
      await requireAgeConfirmation(deps.db, userId, videoIds, input.age_confirmed, o.familyUnlock);
      const order: GiftOrder = {
        kind: 'gift',
        reference: `gift-${randomUUID()}`,
        video_ids: [...new Set(videoIds)],
        bundle_id: input.bundle_id ?? null,
        ...(input.pass_id !== undefined ? { pass_id: input.pass_id } : {}),
        to_phone: input.to_phone ?? null,
        to_email: input.to_email ?? null,
        message: input.message,
        language: o.language,
        promo_code: input.promo_code || null,
      };
      return payForOrder(deps, seller, { userId, order, phone: input.phone_number, idempotencyKey: o.idempotencyKey });
    },
  };
}
export type GiftSales = ReturnType<typeof createGiftSales>;
