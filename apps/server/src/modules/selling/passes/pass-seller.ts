import { randomUUID } from 'node:crypto';
import type { CustomerPass, PassBought, PassProduct } from '@store/contract';
import { ledger, NOT_A_VIDEO } from '../../wallet/index.ts';
import { HttpError, notFound } from '../../../lib/http-errors.ts';
import type { PaidOrder, Seller } from '../paid-orders.ts';
import { tellPass } from './notices.ts';
import { passRepository as repo, type CustomerPassRow } from './pass-repository.ts';

/** A pass's order, as an M-Pesa payment carries it until paid: no videos (the deposit shows none). */
export interface PassOrder extends PaidOrder {
  kind: 'pass';
  pass_id: number;
  /** Set on a renewal's prompt or a standing order's deduction: told to the customer when it fails. */
  renewal?: 'prompt' | 'standing_order' | undefined;
}

/** A pass's order; a renewal's reference says so (pass-renewal-..., pass-ratiba-<M-Pesa receipt>), which the report counts by. */
export const passOrder = (passId: number, promoCode?: string | null, renewal?: PassOrder['renewal'], reference = `pass-${renewal ? 'renewal-' : ''}${randomUUID()}`): PassOrder => ({
  kind: 'pass',
  reference,
  pass_id: passId,
  video_ids: [],
  promo_code: promoCode?.trim() || null,
  ...(renewal ? { renewal } : {}),
});

type Product = NonNullable<Awaited<ReturnType<typeof repo.product>>>;

export const toProduct = (p: Product): PassProduct => ({
  id: p.id,
  title: p.title,
  scope: { kind: p.scopeKind, value: p.scopeKind === 'dj' || p.scopeKind === 'genre' ? Number(p.scopeValue) : p.scopeValue, name: p.scopeName },
  hours: p.hours,
  price: p.price,
  active: p.active,
  video_count: p.videoCount,
});

export const toCustomerPass = (row: CustomerPassRow, p: Product): CustomerPass => ({
  id: row.id,
  pass_id: p.id,
  title: p.title,
  scope: toProduct(p).scope,
  starts_at: row.startsAt.toISOString(),
  ends_at: row.endsAt.toISOString(),
  live: row.endsAt.getTime() > Date.now() && row.startsAt.getTime() <= Date.now(),
  renewal: row.renewal,
  price: p.price,
  hours: p.hours,
});

// What price read of the product, for deliver in the same sale.
const priced = new WeakMap<PassOrder, Product>();

/**
 * Passes as a seller of the selling core (CONTRACT §14): one line of no video at the product's
 * price (kind 'pass', under a 'pass' ledger entry, with its eTIMS receipt like any sale); delivered
 * as one more period of the customer's pass, stacked after a live one. A withdrawn product is not
 * for sale, so a deduction that arrives for it stays on the balance (the caller's rollback).
 */
export const passSeller: Seller<PassOrder, PassBought> = {
  ledgerKind: 'pass',
  saleKind: 'pass',
  async price(tx, _userId, order) {
    const p = await repo.product(tx, order.pass_id, { counted: false });
    if (!p || !p.active) throw notFound('This pass is not for sale.');
    priced.set(order, p);
    return { lines: [{ videoId: NOT_A_VIDEO, listPrice: p.price, amount: p.price }], note: `Pass: ${p.title}`, item: { title: p.title } };
  },
  // Without a code, the whole sale is sell_pass's one statement; the answer names the product as price() would.
  async oneStatement(db, userId, order) {
    if (order.promo_code) return null;
    const r = await ledger.sellPass(db, { userId, passId: order.pass_id, reference: order.reference });
    if (r.outcome === 'gone') throw notFound('This pass is not for sale.');
    if (r.outcome === 'no_profile') throw new HttpError(404, 'Not found.');
    if (r.outcome === 'short') return r;
    const row = { id: r.pass.id, userId, passId: order.pass_id, startsAt: new Date(r.pass.startsAt), endsAt: new Date(r.pass.endsAt), renewal: r.pass.renewal } as CustomerPassRow;
    return { outcome: 'sold', body: { pass: toCustomerPass(row, { ...r.product, createdAt: new Date(), videoCount: 0 }), balance: r.balance } };
  },
  async deliver(tx, userId, order, sold) {
    const p = priced.get(order)!;
    const line = sold.lines[0]!;
    const row = await repo.extend(tx, { userId, passId: p.id, hours: p.hours, reference: order.reference, saleLineId: sold.lineIds[0]!, amount: line.amount });
    return { pass: toCustomerPass(row, p), balance: sold.balance };
  },
  /** A renewal's prompt not paid (cancelled, wrong PIN, no answer): the pass ends, and they are told how to renew in one tap. */
  async failed(tx, userId, order, why) {
    if (!order.renewal) return;
    const p = await repo.product(tx, order.pass_id);
    await tellPass(tx, { userId, kind: 'pass_renewal', title: p?.title ?? '', outcome: why === 'unsold' ? 'credited' : 'failed', endsAt: new Date(), dedupeKey: `${why}:${order.reference}` });
  },
};
