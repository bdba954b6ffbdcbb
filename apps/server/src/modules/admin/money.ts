import { and, count, desc, eq, ilike, isNotNull, isNull, or, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminAdjustmentInputSchema, adminListQuerySchema, adminPurchaseSchema, adminRefundInputSchema, badRequestSchema, errorDetailSchema, normaliseKenyanPhone } from '@store/contract';
import type { Database } from '../../db/client.ts';
import { profiles, purchases, users, videos } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { currentUser } from '../accounts/auth.ts';
import { parseId } from '../catalog/catalog-service.ts';
import { ledger } from '../wallet/ledger.ts';
import { recordAudit } from './audit.ts';
import { likePattern } from './list-query.ts';
import { listWindow, sendList } from './simple-rest.ts';

const tags = ['back office'];
const errors = { 400: badRequestSchema, 401: errorDetailSchema, 403: errorDetailSchema, 404: errorDetailSchema, 409: errorDetailSchema };

function purchaseQuery(db: Database) {
  return db
    .select({ p: purchases, username: users.username, title: videos.title })
    .from(purchases)
    .innerJoin(users, eq(users.id, purchases.userId))
    .innerJoin(videos, eq(videos.id, purchases.videoId))
    .leftJoin(profiles, eq(profiles.userId, purchases.userId));
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
const toAdminPurchase = (r: { p: typeof purchases.$inferSelect; username: string; title: string }) => ({
  id: r.p.id,
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
export const moneyRoutes: FastifyPluginAsyncZod = async (app) => {
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
    const [total] = await app.db
      .select({ n: count() })
      .from(purchases)
      .innerJoin(users, eq(users.id, purchases.userId))
      .innerJoin(videos, eq(videos.id, purchases.videoId))
      .leftJoin(profiles, eq(profiles.userId, purchases.userId))
      .where(condition);
    const rows = await purchaseQuery(app.db).where(condition).orderBy(desc(purchases.id)).limit(w.limit).offset(w.offset);
    return sendList(reply, 'purchases', rows.map(toAdminPurchase), w.offset, total!.n);
  });

  app.post(
    '/purchases/:id/refund',
    { schema: { tags, summary: 'Refund a purchase: the price back to the balance, and the video out of reach', params: z.object({ id: z.string() }), body: adminRefundInputSchema, response: { 200: adminPurchaseSchema, ...errors } } },
    async (request) => {
      const staffId = currentUser(request).id;
      const id = parseId(request.params.id);
      const refunded = await app.db.transaction(async (t) => {
        const tx = t as unknown as Database;
        const [found] = await purchaseQuery(tx).where(eq(purchases.id, id));
        if (!found) throw new HttpError(404, 'No such purchase.');
        const before = toAdminPurchase(found);
        await ledger.refundPurchase(tx, id, request.body.reason);
        const after = toAdminPurchase((await purchaseQuery(tx).where(eq(purchases.id, id)))[0]!);
        await recordAudit(tx, { userId: staffId, action: 'update', resource: 'purchases', recordId: id, before, after: { ...after, reason: request.body.reason } });
        return after;
      });
      app.catalogCache.clear();
      app.mediaAccess.forget();
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
