import type { AfterWrite } from '../../lib/back-office/crud.ts';
import type { PayoutService } from '../payouts/index.ts';
import { and, count, desc, eq, ilike, isNotNull, isNull, or, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminAdjustmentInputSchema, adminListQuerySchema, adminPurchaseSchema, adminRefundInputSchema, badRequestSchema, errorDetailSchema, formatKsh, normaliseKenyanPhone } from '@store/contract';
import type { Database } from '../../db/client.ts';
import { profiles, promoCodes, promoRedemptions, purchases, saleLines, users, videos } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { currentUser } from '../../plugins/auth.ts';
import { parseId } from '../../lib/ids.ts';
import { ledger } from '../wallet/index.ts';
import type { Payout } from '../wallet/index.ts';
import { recordAudit } from '../../lib/back-office/audit.ts';
import { tellCustomerOfRefund } from '../mail/index.ts';
import { notifyCustomer } from '../notifications/index.ts';
import { likePattern, sortOrder, type Sortable } from '../../lib/back-office/list-query.ts';
import { listWindow, sendList } from '../../lib/back-office/simple-rest.ts';

const tags = ['back office'];
const errors = { 400: badRequestSchema, 401: errorDetailSchema, 403: errorDetailSchema, 404: errorDetailSchema, 409: errorDetailSchema };

function purchaseQuery(db: Database) {
  return db
    .select({ p: purchases, username: users.username, title: videos.title, kind: saleLines.kind, code: promoCodes.code })
    .from(purchases)
    .innerJoin(users, eq(users.id, purchases.userId))
    .innerJoin(videos, eq(videos.id, purchases.videoId))
    .leftJoin(profiles, eq(profiles.userId, purchases.userId))
    // What kind of sale it was (its line), and the promo code its order used (one used redemption per order).
    .leftJoin(saleLines, eq(saleLines.id, purchases.saleLineId))
    .leftJoin(promoRedemptions, and(eq(promoRedemptions.orderReference, saleLines.reference), eq(promoRedemptions.state, 'used')))
    .leftJoin(promoCodes, eq(promoCodes.id, promoRedemptions.promoCodeId));
}

/**
 * What staff type to find a customer's purchase: part of the customer's name, e-mail or phone (as
 * they say it, 0712..., or as stored, 254712...), or of the video's title.
 */
function purchaseSearch(q: string): SQL {
  const like = likePattern(q);
  const phone = normaliseKenyanPhone(q);
  return or(ilike(users.username, like), ilike(users.email, like), ilike(profiles.phoneNumber, like), ilike(videos.title, like), ...(phone ? [eq(profiles.phoneNumber, phone)] : []))!;
}
const SORTABLE = {
  id: purchases.id,
  created_at: purchases.createdAt,
  user_id: purchases.userId,
  username: users.username,
  video_id: purchases.videoId,
  video_title: videos.title,
  price: purchases.price,
  refunded_at: purchases.refundedAt,
} satisfies Sortable<'purchases'>;
const toAdminPurchase = (r: { p: typeof purchases.$inferSelect; username: string; title: string; kind: (typeof saleLines.$inferSelect)['kind'] | null; code: string | null }) => ({
  id: r.p.id,
  kind: r.kind === 'refund' ? null : r.kind,
  promo_code: r.code,
  user_id: r.p.userId,
  username: r.username,
  video_id: r.p.videoId,
  video_title: r.title,
  price: r.p.price,
  created_at: r.p.createdAt.toISOString(),
  refunded_at: r.p.refundedAt?.toISOString() ?? null,
});

/**
 * Money in the back office: purchases and their refunds, and balance adjustments. Every change goes
 * through the ledger service (wallet/ledger.ts) and the audit log in one transaction, so `ledger:verify` holds.
 */
export const moneyRoutes =
  (deps: { payouts: PayoutService; afterWrite: AfterWrite }): FastifyPluginAsyncZod =>
  async (app) => {
  app.get('/purchases', { schema: { tags, summary: 'Purchases, newest first', querystring: adminListQuerySchema, response: { 200: z.array(adminPurchaseSchema), ...errors } } }, async (request, reply) => {
    const w = listWindow(request.query);
    const f = w.filter;
    const where: SQL[] = [];
    if (typeof f.user_id === 'number') where.push(eq(purchases.userId, f.user_id));
    if (typeof f.video_id === 'number') where.push(eq(purchases.videoId, f.video_id));
    if (f.refunded === true) where.push(isNotNull(purchases.refundedAt));
    if (f.refunded === false) where.push(isNull(purchases.refundedAt));
    if (typeof f.q === 'string' && f.q.trim()) where.push(purchaseSearch(f.q.trim()));
    const condition = where.length ? and(...where) : undefined;
    const order = sortOrder(w.sort, SORTABLE, ['id', 'DESC']);
    const [total] = await app.db
      .select({ n: count() })
      .from(purchases)
      .innerJoin(users, eq(users.id, purchases.userId))
      .innerJoin(videos, eq(videos.id, purchases.videoId))
      .leftJoin(profiles, eq(profiles.userId, purchases.userId))
      .where(condition);
    const rows = await purchaseQuery(app.db).where(condition).orderBy(order, desc(purchases.id)).limit(w.limit).offset(w.offset);
    return sendList(reply, 'purchases', rows.map(toAdminPurchase), w.offset, total!.n);
  });

  app.post(
    '/purchases/:id/refund',
    {
      schema: {
        tags,
        summary: 'Refund a purchase: the price back to the balance (to: balance) or to the customer’s M-Pesa phone (to: mpesa, by B2C), and the video out of reach',
        params: z.object({ id: z.string() }), body: adminRefundInputSchema,
        response: { 200: adminPurchaseSchema, ...errors },
      },
    },
    async (request) => {
      const staffId = currentUser(request).id;
      const id = parseId(request.params.id);
      const toMpesa = request.body.to === 'mpesa';
      let payout: Payout | null = null;
      const refunded = await app.db.transaction(async (t) => {
        const tx = t as unknown as Database;
        const [found] = await purchaseQuery(tx).where(eq(purchases.id, id));
        if (!found) throw new HttpError(404, 'No such purchase.');
        const before = toAdminPurchase(found);
        const { price, balance } = await ledger.refundPurchase(tx, id, request.body.reason);
        // To M-Pesa: the money leaves the balance with its payout, once; the customer hears when M-Pesa answers.
        if (toMpesa) payout = await ledger.startRefundPayout(tx, { userId: found.p.userId, amount: price, reference: `refund-${id}`, requestedBy: staffId, note: `${found.title}: ${request.body.reason}` });
        else await tellCustomerOfRefund(tx, { userId: found.p.userId, video: found.title, price, balance, reason: request.body.reason, account: `${app.config.publicUrl}/account` });
        await notifyCustomer(tx, { userId: found.p.userId, kind: 'refund', params: { title: found.title, amount: formatKsh(price), to: request.body.to }, url: '/account', dedupeKey: `purchase-${id}`, videoId: found.p.videoId });
        const after = toAdminPurchase((await purchaseQuery(tx).where(eq(purchases.id, id)))[0]!);
        await recordAudit(tx, { userId: staffId, action: 'update', resource: 'purchases', recordId: id, before, after: { ...after, reason: request.body.reason, to: request.body.to } });
        return after;
      });
      if (payout) await deps.payouts.send(payout);
      deps.afterWrite({ catalogue: true });
      return refunded;
    },
  );

  app.post(
    '/adjustments',
    {
      schema: {
        tags,
        summary: 'Credit or debit a balance, with the reason (never below zero)',
        body: adminAdjustmentInputSchema,
        response: { 201: z.object({ id: z.string(), user_id: z.number().int(), amount: z.number().int(), balance: z.number().int(), reason: z.string() }), ...errors },
      },
    },
    async (request, reply) => {
      const staffId = currentUser(request).id;
      const { user_id: userId, amount, reason } = request.body;
      const answer = await app.db.transaction(async (t) => {
        const tx = t as unknown as Database;
        const { reference, before, balance } = await ledger.adjustBalance(tx, { userId, amount, reason });
        await recordAudit(tx, { userId: staffId, action: 'create', resource: 'adjustments', recordId: reference, before: { balance: before }, after: { balance, amount, reason } });
        return { id: reference, user_id: userId, amount, balance, reason };
      });
      return reply.status(201).send(answer);
    },
  );
};
