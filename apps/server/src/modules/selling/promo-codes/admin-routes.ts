import { randomInt } from 'node:crypto';
import { and, asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminListQuerySchema,
  adminPromoBatchInputSchema,
  adminPromoBatchSchema,
  adminPromoRedemptionSchema,
  badRequestSchema,
  errorDetailSchema,
  type AdminPromoBatch,
  type AdminPromoBatchInput,
} from '@store/contract';
import type { Database } from '../../../db/client.ts';
import { promoBatches, promoCodes, promoRedemptions, users } from '../../../db/schema.ts';
import { HttpError } from '../../../lib/http-errors.ts';
import { currentUser } from '../../../plugins/auth.ts';
import { recordAudit } from '../../../lib/back-office/audit.ts';
import { sortOrder, type Sortable } from '../../../lib/back-office/list-query.ts';
import { listWindow, sendList } from '../../../lib/back-office/simple-rest.ts';
import { parseId } from '../../../lib/ids.ts';
import { checkTerms, promoColumns } from './admin-resource.ts';

const tags = ['back office'];
const errors = { 400: badRequestSchema, 401: errorDetailSchema, 403: errorDetailSchema, 404: errorDetailSchema };

/** Letters and digits a listener cannot mix up when a DJ reads them out (no 0/O, 1/I/L). */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
/** 8 of 31 signs: about 40 bits, so a batch of 1,000 leaves a guess a one-in-a-billion chance, and guesses are rate-limited. */
const SUFFIX_LENGTH = 8;
export const batchSuffix = () => Array.from({ length: SUFFIX_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');

/**
 * Makes `count` single-use codes with one prefix: each is tried with a fresh unguessable suffix from
 * crypto, and the rare clash with an existing code is simply made again, so the batch has exactly
 * `count` unique codes.
 */
async function makeBatch(tx: Database, input: AdminPromoBatchInput, createdBy: number): Promise<number> {
  checkTerms(input);
  const [batch] = await tx.insert(promoBatches).values({ prefix: input.prefix, count: input.count, createdBy }).returning({ id: promoBatches.id });
  const terms = { ...promoColumns({ ...input, max_redemptions: 1, per_customer: 1 }), batchId: batch!.id };
  let made = 0;
  while (made < input.count) {
    const wanted = new Set(Array.from({ length: input.count - made }, () => `${input.prefix}${batchSuffix()}`));
    const rows = await tx
      .insert(promoCodes)
      .values([...wanted].map((code) => ({ ...terms, code })))
      .onConflictDoNothing({ target: promoCodes.code })
      .returning({ id: promoCodes.id });
    made += rows.length;
  }
  return batch!.id;
}

/** Batch codes are single use (a limit of 1), so their counter is kept. */
const usedCodes = sql<number>`count(*) FILTER (WHERE ${promoCodes.timesRedeemed} > 0)::int`.mapWith(Number);

async function batches(db: Database, where: SQL | undefined, order: SQL, window: { limit: number; offset: number }): Promise<AdminPromoBatch[]> {
  const rows = await db.select().from(promoBatches).where(where).orderBy(order, asc(promoBatches.id)).limit(window.limit).offset(window.offset);
  if (!rows.length) return [];
  // A batch's codes share its terms: its first code says them.
  const codes = await db
    .select({ batchId: promoCodes.batchId, used: usedCodes, first: sql<number>`min(${promoCodes.id})`.mapWith(Number) })
    .from(promoCodes)
    .where(inArray(promoCodes.batchId, rows.map((r) => r.id)))
    .groupBy(promoCodes.batchId);
  const firsts = await db.select().from(promoCodes).where(inArray(promoCodes.id, codes.map((c) => c.first)));
  return rows.map((b) => {
    const c = codes.find((x) => x.batchId === b.id);
    const t = firsts.find((x) => x.batchId === b.id);
    return {
      id: b.id,
      prefix: b.prefix,
      count: b.count,
      percent_off: t?.percentOff ?? null,
      amount_off: t?.amountOff ?? null,
      valid_until: t?.validUntil?.toISOString() ?? null,
      note: t?.note ?? '',
      used: c?.used ?? 0,
      created_at: b.createdAt.toISOString(),
    };
  });
}

const BATCH_SORT = { id: promoBatches.id, prefix: promoBatches.prefix, count: promoBatches.count, created_at: promoBatches.createdAt } satisfies Sortable<'promo-batches'>;
/** A code's uses are listed on its page only, so their sort fields live here rather than in the contract's lists. */
const REDEMPTION_SORT = {
  id: promoRedemptions.id,
  created_at: promoRedemptions.createdAt,
  code: promoCodes.code,
  username: users.username,
  discount: promoRedemptions.discount,
  state: promoRedemptions.state,
};

/**
 * Batches of single-use codes (list, one, create: its codes are listed, and downloaded as CSV, from
 * /promo-codes?filter={"batch_id":N}) and every code's redemptions: who, for which order, how much.
 */
export const promoAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/promo-batches', { schema: { tags, summary: 'Batches of single-use promo codes', querystring: adminListQuerySchema, response: { 200: z.array(adminPromoBatchSchema), ...errors } } }, async (request, reply) => {
    const w = listWindow(request.query);
    const [total] = await app.db.select({ n: count() }).from(promoBatches);
    return sendList(reply, 'promo-batches', await batches(app.db, undefined, sortOrder(w.sort, BATCH_SORT, ['id', 'DESC']), w), w.offset, Number(total!.n));
  });

  app.get('/promo-batches/:id', { schema: { tags, summary: 'One batch', params: z.object({ id: z.string() }), response: { 200: adminPromoBatchSchema, ...errors } } }, async (request) => {
    const [b] = await batches(app.db, eq(promoBatches.id, parseId(request.params.id)), sortOrder(null, BATCH_SORT, ['id', 'ASC']), { limit: 1, offset: 0 });
    if (!b) throw new HttpError(404, 'Not found.');
    return b;
  });

  app.post('/promo-batches', { schema: { tags, summary: 'Make a batch of N unique single-use codes with a prefix', body: adminPromoBatchInputSchema, response: { 201: adminPromoBatchSchema, ...errors } } }, async (request, reply) => {
    const staff = currentUser(request).id;
    const made = await app.db.transaction(async (t) => {
      const tx = t as unknown as Database;
      const id = await makeBatch(tx, request.body, staff);
      const [b] = await batches(tx, eq(promoBatches.id, id), sortOrder(null, BATCH_SORT, ['id', 'ASC']), { limit: 1, offset: 0 });
      await recordAudit(tx, { userId: staff, action: 'create', resource: 'promo-batches', recordId: id, after: b });
      return b!;
    });
    return reply.status(201).send(made);
  });

  app.get('/promo-redemptions', { schema: { tags, summary: 'Redemptions of promo codes (filter: promo_code_id, user_id, state)', querystring: adminListQuerySchema, response: { 200: z.array(adminPromoRedemptionSchema), ...errors } } }, async (request, reply) => {
    const w = listWindow(request.query);
    const f = w.filter as { promo_code_id?: unknown; user_id?: unknown; state?: unknown };
    const where: SQL[] = [];
    if (Number.isInteger(f.promo_code_id)) where.push(eq(promoRedemptions.promoCodeId, f.promo_code_id as number));
    if (Number.isInteger(f.user_id)) where.push(eq(promoRedemptions.userId, f.user_id as number));
    if (f.state === 'held' || f.state === 'used' || f.state === 'released') where.push(eq(promoRedemptions.state, f.state));
    const condition = where.length ? and(...where) : undefined;
    const [total] = await app.db.select({ n: count() }).from(promoRedemptions).where(condition);
    const rows = await app.db
      .select({ r: promoRedemptions, code: promoCodes.code, username: users.username })
      .from(promoRedemptions)
      .innerJoin(promoCodes, eq(promoCodes.id, promoRedemptions.promoCodeId))
      .innerJoin(users, eq(users.id, promoRedemptions.userId))
      .where(condition)
      .orderBy(sortOrder(w.sort, REDEMPTION_SORT, ['id', 'DESC']), asc(promoRedemptions.id))
      .limit(w.limit)
      .offset(w.offset);
    const records = rows.map(({ r, code, username }) => ({
      id: r.id,
      promo_code_id: r.promoCodeId,
      code,
      user_id: r.userId,
      username,
      kind: r.kind,
      order_reference: r.orderReference,
      discount: r.discount,
      state: r.state,
      created_at: r.createdAt.toISOString(),
      settled_at: r.settledAt?.toISOString() ?? null,
    }));
    return sendList(reply, 'promo-redemptions', records, w.offset, Number(total!.n));
  });
};
