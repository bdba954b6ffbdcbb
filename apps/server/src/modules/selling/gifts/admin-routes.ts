import { and, asc, count, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminGiftSchema, adminListQuerySchema, badRequestSchema, errorDetailSchema, GIFT_STATES, type AdminGift, type AdminListQuery } from '@store/contract';
import type { Database } from '../../../db/client.ts';
import { gifts, users } from '../../../db/schema.ts';
import { HttpError } from '../../../lib/http-errors.ts';
import { parseId } from '../../../lib/ids.ts';
import { likePattern, sortOrder } from '../../../lib/back-office/list-query.ts';
import { listWindow, sendList } from '../../../lib/back-office/simple-rest.ts';

const giver = alias(users, 'giver');
const recipient = alias(users, 'recipient');
const SORT = { id: gifts.id, created_at: gifts.createdAt, state: gifts.state, amount: gifts.amount, expires_at: gifts.expiresAt, giver: giver.username, recipient: recipient.username };

const columns = { gift: gifts, giver: giver.username, recipient: recipient.username };
type Joined = { gift: typeof gifts.$inferSelect; giver: string; recipient: string | null };
const toAdminGift = ({ gift: g, giver: from, recipient: to }: Joined): AdminGift => ({
  id: g.id,
  state: g.state,
  giver_id: g.giverId,
  giver: from,
  to_phone: g.toPhone,
  to_email: g.toEmail,
  recipient_id: g.recipientId,
  recipient: to,
  title: g.title,
  video_ids: g.videoIds,
  bundle_id: g.bundleId,
  pass_id: g.passId,
  amount: g.amount,
  created_at: g.createdAt.toISOString(),
  expires_at: g.expiresAt.toISOString(),
  claimed_at: g.claimedAt?.toISOString() ?? null,
  returned_at: g.returnedAt?.toISOString() ?? null,
});

const joined = (db: Database) => db.select(columns).from(gifts).innerJoin(giver, eq(giver.id, gifts.giverId)).leftJoin(recipient, eq(recipient.id, gifts.recipientId));

/**
 * Gifts in the back office (/api/admin/gifts), read only: each with its state, giver, recipient
 * (the address it was sent to, and the account that claimed it) and what was paid. Filters: state,
 * q (title, giver, recipient's phone or e-mail), giver_id.
 */
export const giftAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['back office'];
  app.get(
    '/gifts',
    { schema: { tags, summary: 'Gifts with their state, giver and recipient', querystring: adminListQuerySchema, response: { 200: z.array(adminGiftSchema), 400: badRequestSchema, 401: errorDetailSchema, 403: errorDetailSchema } } },
    async (request, reply) => {
      const w = listWindow(request.query as AdminListQuery);
      const f = w.filter as { q?: unknown; state?: unknown; giver_id?: unknown; id?: unknown };
      const where: SQL[] = [];
      if (typeof f.q === 'string' && f.q.trim()) {
        const p = likePattern(f.q.trim());
        where.push(or(ilike(gifts.title, p), ilike(giver.username, p), ilike(gifts.toPhone, p), ilike(gifts.toEmail, p))!);
      }
      if (typeof f.state === 'string' && (GIFT_STATES as readonly string[]).includes(f.state)) where.push(eq(gifts.state, f.state as AdminGift['state']));
      if (Number.isInteger(f.giver_id)) where.push(eq(gifts.giverId, f.giver_id as number));
      if (Array.isArray(f.id)) where.push(inArray(gifts.id, f.id.filter((x): x is number => Number.isInteger(x))));
      const condition = where.length ? and(...where) : undefined;
      const [total] = await app.db.select({ n: count() }).from(gifts).innerJoin(giver, eq(giver.id, gifts.giverId)).where(condition);
      const rows = await joined(app.db).where(condition).orderBy(sortOrder(w.sort, SORT, ['id', 'DESC']), asc(gifts.id)).limit(w.limit).offset(w.offset);
      return sendList(reply, 'gifts', rows.map(toAdminGift), w.offset, Number(total!.n));
    },
  );

  app.get('/gifts/:id', { schema: { tags, summary: 'One gift', params: z.object({ id: z.string() }), response: { 200: adminGiftSchema, 401: errorDetailSchema, 403: errorDetailSchema, 404: errorDetailSchema } } }, async (request) => {
    const [row] = await joined(app.db).where(eq(gifts.id, parseId(request.params.id)));
    if (!row) throw new HttpError(404, 'No such gift.');
    return toAdminGift(row);
  });
};
