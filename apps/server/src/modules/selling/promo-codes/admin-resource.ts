import { and, asc, count, eq, ilike, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { adminPromoCodeInputSchema, adminPromoCodeSchema, checkPromoTerms, groupDigits, type AdminPromoCode, type AdminPromoCodeInput, type FieldErrors } from '@store/contract';
import type { Database } from '../../../db/client.ts';
import { promoCodes, promoRedemptions } from '../../../db/schema.ts';
import { FieldError } from '../../../lib/http-errors.ts';
import type { Resource } from '../../../lib/back-office/crud.ts';
import { likePattern, sortOrder, type Sortable } from '../../../lib/back-office/list-query.ts';

type Row = typeof promoCodes.$inferSelect;

/**
 * Ksh taken off by the code's used redemptions (held ones are not yet paid). The outer column is
 * written out: drizzle leaves a one-table query's columns unqualified, and "id" would be r's.
 */
const totalDiscount = sql<number>`(SELECT coalesce(sum(r.discount), 0)::int FROM ${promoRedemptions} r WHERE r.promo_code_id = "promo_codes"."id" AND r.state = 'used')`.mapWith(Number);
/** Its redemptions held or used: Stripe's times_redeemed (the column counts only for a code with a limit). */
const liveUses = sql<number>`(SELECT count(*)::int FROM ${promoRedemptions} r WHERE r.promo_code_id = "promo_codes"."id" AND r.state <> 'released')`.mapWith(Number);

export const PROMO_CODE_SORT = {
  id: promoCodes.id,
  code: promoCodes.code,
  percent_off: promoCodes.percentOff,
  amount_off: promoCodes.amountOff,
  valid_until: promoCodes.validUntil,
  times_redeemed: liveUses,
  total_discount: totalDiscount,
  active: promoCodes.active,
  created_at: promoCodes.createdAt,
} satisfies Sortable<'promo-codes'>;

const iso = (d: Date | null) => (d ? d.toISOString() : null);
export function toAdminPromoCode(r: Row, discount: number, uses: number): AdminPromoCode {
  return {
    id: r.id,
    code: r.code,
    percent_off: r.percentOff,
    amount_off: r.amountOff,
    valid_from: iso(r.validFrom),
    valid_until: iso(r.validUntil),
    max_redemptions: r.maxRedemptions,
    per_customer: r.perCustomer,
    min_total: r.minTotal,
    applies_to: { video_ids: r.appliesVideoIds, dj_ids: r.appliesDjIds, genre_ids: r.appliesGenreIds, bundle_ids: r.appliesBundleIds },
    kinds: r.kinds,
    first_purchase_only: r.firstPurchaseOnly,
    active: r.active,
    note: r.note,
    batch_id: r.batchId,
    times_redeemed: uses,
    total_discount: discount,
    created_at: r.createdAt.toISOString(),
  };
}

/** The columns of a code's input: what staff write (a batch's codes share all but the code). */
export function promoColumns(i: Partial<Omit<AdminPromoCodeInput, 'code'>>): Partial<typeof promoCodes.$inferInsert> {
  const date = (s: string | null | undefined) => (s === undefined ? undefined : s === null ? null : new Date(s));
  const out: Partial<typeof promoCodes.$inferInsert> = {
    percentOff: i.percent_off,
    amountOff: i.amount_off,
    validFrom: date(i.valid_from),
    validUntil: date(i.valid_until),
    maxRedemptions: i.max_redemptions,
    perCustomer: i.per_customer,
    minTotal: i.min_total,
    appliesVideoIds: i.applies_to?.video_ids,
    appliesDjIds: i.applies_to?.dj_ids,
    appliesGenreIds: i.applies_to?.genre_ids,
    appliesBundleIds: i.applies_to?.bundle_ids,
    kinds: i.kinds ? [...new Set(i.kinds)] : undefined,
    firstPurchaseOnly: i.first_purchase_only,
    active: i.active,
    note: i.note,
  };
  return Object.fromEntries(Object.entries(out).filter(([, v]) => v !== undefined));
}

/** Percent XOR amount, dates in order: checked on the whole code as it would be saved. */
export function checkTerms(t: { percent_off: number | null; amount_off: number | null; valid_from: string | null; valid_until: string | null }) {
  const fields: FieldErrors = {};
  checkPromoTerms(t, { addIssue: (i) => (fields[i.path[0]!] ??= []).push(i.message) });
  if (Object.keys(fields).length) throw new FieldError(fields);
}

async function one(db: Database, where: SQL): Promise<AdminPromoCode | null> {
  const [r] = await db.select({ row: promoCodes, discount: totalDiscount, uses: liveUses }).from(promoCodes).where(where);
  return r ? toAdminPromoCode(r.row, r.discount, r.uses) : null;
}

/**
 * /api/admin/promo-codes: staff write codes (every write audited by crudRoutes). A code that has
 * been redeemed keeps its letters and what it takes off (its redemptions were priced by them); its
 * dates, limits and note may change, but max_redemptions never below what was already redeemed.
 */
export const promoCodeResource: Resource<AdminPromoCode, AdminPromoCodeInput> = {
  name: 'promo-codes',
  label: 'promo code',
  record: adminPromoCodeSchema,
  input: adminPromoCodeInputSchema,
  catalogue: false,
  unique: { index: 'promo_codes_code_unique', field: 'code', message: 'A code with these letters already exists.' },
  inUse: 'A code that has been used cannot be deleted: switch it off instead.',
  async list(db, w) {
    const f = w.filter as { q?: unknown; id?: unknown; batch_id?: unknown; active?: unknown };
    const where: SQL[] = [];
    if (typeof f.q === 'string' && f.q.trim()) where.push(ilike(promoCodes.code, likePattern(f.q.trim())));
    if (Array.isArray(f.id)) where.push(inArray(promoCodes.id, f.id.filter((x): x is number => Number.isInteger(x))));
    if (Number.isInteger(f.batch_id)) where.push(eq(promoCodes.batchId, f.batch_id as number));
    if (typeof f.active === 'boolean') where.push(eq(promoCodes.active, f.active));
    const condition = where.length ? and(...where) : undefined;
    const order = sortOrder(w.sort, PROMO_CODE_SORT, ['id', 'DESC']);
    const [total] = await db.select({ n: count() }).from(promoCodes).where(condition);
    const rows = await db.select({ row: promoCodes, discount: totalDiscount, uses: liveUses }).from(promoCodes).where(condition).orderBy(order, asc(promoCodes.id)).limit(w.limit).offset(w.offset);
    return { rows: rows.map((r) => toAdminPromoCode(r.row, r.discount, r.uses)), total: Number(total!.n) };
  },
  get: (db, id) => one(db, eq(promoCodes.id, id)),
  async create(tx, input) {
    checkTerms(input);
    const [row] = await tx
      .insert(promoCodes)
      .values({ ...promoColumns(input), code: input.code })
      .returning();
    return toAdminPromoCode(row!, 0, 0);
  },
  async update(tx, id, input) {
    const [before] = await tx.select().from(promoCodes).where(eq(promoCodes.id, id)).for('update');
    if (!before) return null;
    const now = toAdminPromoCode(before, 0, 0);
    const after = { ...now, ...input };
    checkTerms(after);
    const [used] = await tx.select({ n: count() }).from(promoRedemptions).where(eq(promoRedemptions.promoCodeId, id));
    if (used!.n > 0) {
      const kept = (['code', 'percent_off', 'amount_off'] as const).filter((k) => input[k] !== undefined && input[k] !== now[k]);
      if (kept.length) throw new FieldError(Object.fromEntries(kept.map((k) => [k, ['A code that has been used keeps what it takes off.']])));
    }
    // Every open sale of this code holds a lock on its row (FOR SHARE with no limit, FOR UPDATE with
    // one: takeOne, sell_checked) until it commits, and this row is locked FOR UPDATE above, so every
    // sale before this change has committed: its live redemptions are exact, and no sale adds one
    // until this change commits (issue 32 #19).
    const live = (await tx.select({ n: count() }).from(promoRedemptions).where(and(eq(promoRedemptions.promoCodeId, id), ne(promoRedemptions.state, 'released'))))[0]!.n;
    if (after.max_redemptions !== null && after.max_redemptions < live) {
      throw new FieldError({ max_redemptions: [`Ensure this value is greater than or equal to ${groupDigits(live)}.`] });
    }
    // A code given a limit starts counting from its live uses; one left without counts nothing.
    const recount = after.max_redemptions !== before.maxRedemptions ? { timesRedeemed: after.max_redemptions === null ? 0 : live } : {};
    await tx
      .update(promoCodes)
      .set({ ...promoColumns(input), ...recount, ...(input.code !== undefined ? { code: input.code } : {}), updatedAt: new Date() })
      .where(eq(promoCodes.id, id));
    return one(tx, eq(promoCodes.id, id));
  },
  remove: async (tx, id) => (await tx.delete(promoCodes).where(eq(promoCodes.id, id)).returning({ id: promoCodes.id })).length > 0,
};
