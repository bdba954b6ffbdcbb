import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { CheckoutPayment } from '@store/contract';
import type { Database } from '../../db/client.ts';
import { idempotencyKeys } from '../../db/schema.ts';
import { FieldError, HttpError } from '../../lib/http-errors.ts';
import { ledger, type Sale, type SaleLineInput } from '../wallet/index.ts';
import type { DepositRow, DepositService, PaidOrderBuyer, PaidOrderOutcome } from '../payments/index.ts';
import { purchaseFailure, unsentPayment } from '../payments/index.ts';
import { applyPromo, confirmRedemption, releaseRedemption } from './promo-codes/promo-service.ts';
import { quickSell, type QuickSeller } from './quick-sale.ts';

/**
 * The selling core (decision 0039): every way to pay of CONTRACT §11 (a rental, a bundle, a gift, a
 * priced purchase) is a Seller run by `payForOrder`, which gives it the three outcomes of §8 and the
 * Idempotency-Key, and by the registry below when an M-Pesa payment for it is confirmed.
 */

/** An order an M-Pesa payment carries (deposits.purchase_order, migration 0017): what to sell once paid. */
export interface PaidOrder {
  kind: string;
  /** The sale's ledger reference, and its promo redemption's order reference. */
  reference: string;
  /** What it buys, as the deposit shows it (CONTRACT §8 `purchase.video_ids`). */
  video_ids: number[];
  promo_code?: string | null | undefined;
  [field: string]: unknown;
}

/** What a seller charges: its lines before any promo code, and the ledger's note. */
export interface Priced {
  lines: SaleLineInput[];
  note: string;
  /** A bundle's id, for a code limited to bundles. */
  bundleId?: number;
  /** A sale of no one video (a pass): its one line's title (ledger.sell's `item`). */
  item?: { title: string };
}

export interface Seller<O extends PaidOrder = PaidOrder, T = unknown> {
  ledgerKind: Sale['ledgerKind'];
  saleKind: Sale['saleKind'];
  /**
   * Prices the order in the sale's transaction (the customer's profile is locked by then when
   * M-Pesa pays, by applyPromo or sell otherwise): throws an HttpError when it cannot be sold (404, 409).
   */
  price(tx: Database, userId: number, order: O): Promise<Priced>;
  /** Writes what was sold (purchases, a rental, a gift) beside the sale, and answers the 201 body. */
  deliver(tx: Database, userId: number, order: O, sold: { balance: number; total: number; lines: SaleLineInput[]; lineIds: number[] }): Promise<T>;
  /** The same sale in two round trips (quick-sale.ts, decision 0048), for purchases and rentals. */
  quick?: QuickSeller<O, T>;
  /**
   * The same sale in one statement, where the seller has one (a pass without a promo code): answers
   * null when it cannot (a code), else sold or short as sellOrder would, writing nothing when short.
   */
  oneStatement?(db: Database, userId: number, order: O): Promise<SellAttempt<T> | null>;
  /**
   * Told, in the payment's transaction, that its M-Pesa payment failed or was cancelled ('unpaid'), or
   * was paid but could not be sold ('unsold': the money stays on the balance): a renewal tells its customer.
   */
  failed?(tx: Database, userId: number, order: O, why: 'unpaid' | 'unsold'): Promise<void>;
}

export type SellAttempt<T> = { outcome: 'sold'; body: T } | { outcome: 'short'; balance: number; total: number };

/**
 * THE pricing step before every sale: the order's one promo code (H2's applyPromo), redeemed in the
 * sale's transaction; `hold` while an M-Pesa payment is open. Without a code the lines are unchanged.
 */
async function priceWithPromo(tx: Database, userId: number, seller: Seller, order: PaidOrder, priced: Priced, hold: boolean): Promise<SaleLineInput[]> {
  if (!order.promo_code) return priced.lines;
  const applied = await applyPromo(tx, { code: order.promo_code, userId, kind: seller.saleKind, lines: priced.lines, bundleId: priced.bundleId, orderReference: order.reference, hold });
  return applied.lines;
}

/** Sells the order in `tx`: price, promo code, the ledger's sale, then what was sold. 'short' writes nothing. */
export async function sellOrder<O extends PaidOrder, T>(tx: Database, seller: Seller<O, T>, userId: number, order: O): Promise<SellAttempt<T>> {
  const priced = await seller.price(tx, userId, order);
  const lines = await priceWithPromo(tx, userId, seller as Seller, order, priced, false);
  const r = await ledger.sell(tx, { userId, ledgerKind: seller.ledgerKind, saleKind: seller.saleKind, reference: order.reference, note: priced.note, lines, item: priced.item });
  if (r.outcome === 'short') return r;
  return { outcome: 'sold', body: await seller.deliver(tx, userId, order, { balance: r.balance, total: r.total, lines, lineIds: r.lineIds }) };
}

/** Thrown to roll a sale's transaction back: the balance was short (a promo redemption goes with it). */
class Short extends Error {
  constructor(
    readonly balance: number,
    readonly total: number,
  ) {
    super('short');
  }
}

/** The request's fingerprint for its Idempotency-Key: the order without its fresh reference. */
export const orderHash = (order: PaidOrder) => {
  const { reference: _reference, ...rest } = order;
  return createHash('sha256').update(JSON.stringify(rest, Object.keys(rest).sort())).digest('hex');
};

/** Told of each sale as it completes, by kind ('purchase', 'rental', ...) and how it was paid (the metrics; app.ts hands it over). */
export type SaleListener = (kind: string, paidBy: 'balance' | 'mpesa') => void;

export type OrderAnswer<T> = { status: 201; body: T } | { status: 202; body: CheckoutPayment };

/**
 * The three outcomes of CONTRACT §8 for any seller: the balance covers it (201, the seller's body);
 * short and no phone (402 with `shortfall`); short with a phone (202: one STK push for the shortfall,
 * the order sold in the transaction that credits it). With an Idempotency-Key a retry is answered as
 * the first (201 body stored beside the sale; 202 by its deposit), never charged or prompted twice.
 */
export async function payForOrder<O extends PaidOrder, T>(
  deps: { db: Database; deposits: DepositService; simulatorPhone: string | null; onSale?: SaleListener | undefined },
  seller: Seller<O, T>,
  o: {
    userId: number;
    order: O;
    phone?: string | undefined;
    idempotencyKey?: string | undefined;
    /** The age check (requireAgeConfirmation), asked unless the quick way sold: it checks the age itself. */
    check?: (() => Promise<void>) | undefined;
  },
): Promise<OrderAnswer<T>> {
  const { db } = deps;
  const requestHash = orderHash(o.order);
  // A 202's payment is read after the transaction: a query on `db` inside it waits for ever on
  // PGlite's one connection (a retried gift or bundle prompt hung there).
  const answered = async (tx: Database): Promise<OrderAnswer<T> | { depositId: number } | null> => {
    if (!o.idempotencyKey) return null;
    const [seen] = await tx.select().from(idempotencyKeys).where(and(eq(idempotencyKeys.userId, o.userId), eq(idempotencyKeys.key, o.idempotencyKey)));
    if (!seen) return null;
    if (seen.requestHash !== requestHash) throw new HttpError(422, 'This Idempotency-Key was already used for a different purchase.');
    if (seen.status === 202) return { depositId: (seen.body as { depositId: number }).depositId };
    return { status: 201, body: seen.body as T };
  };
  let short: Short;
  try {
    // Without a key nothing else is written beside the sale: the quick way is its own transaction.
    if (!o.idempotencyKey) {
      const q = seller.oneStatement ? await seller.oneStatement(db, o.userId, o.order) : await quickSell(db, seller, o.userId, o.order);
      if (q?.outcome === 'sold') {
        deps.onSale?.(o.order.kind, 'balance');
        return { status: 201, body: q.body };
      }
      await o.check?.();
      if (q?.outcome === 'short') throw new Short(q.balance, q.total);
    } else await o.check?.();
    const done = await db.transaction(async (t) => {
      const tx = t as unknown as Database;
      await ledger.lockProfile(tx, o.userId);
      const replay = await answered(tx);
      if (replay) return replay;
      // With a key, the quick way under this transaction's lock (tried already without one).
      const quick = o.idempotencyKey ? await (seller.oneStatement ? seller.oneStatement(tx, o.userId, o.order) : quickSell(tx, seller, o.userId, o.order)) : null;
      const r = quick ?? (await sellOrder(tx, seller, o.userId, o.order));
      if (r.outcome === 'short') throw new Short(r.balance, r.total);
      if (o.idempotencyKey) await tx.insert(idempotencyKeys).values({ userId: o.userId, key: o.idempotencyKey, requestHash, status: 201, body: r.body as object });
      return { status: 201 as const, body: r.body, sold: true };
    });
    if ('depositId' in done) return await paymentAnswer(deps, o.userId, done.depositId);
    if ('sold' in done) {
      deps.onSale?.(o.order.kind, 'balance');
      return { status: 201, body: done.body };
    }
    return done;
  } catch (err) {
    if (!(err instanceof Short)) throw err;
    short = err;
  }
  const shortfall = short.total - short.balance;
  if (!o.phone) throw new HttpError(402, 'Your balance is too low for this purchase. Deposit with M-Pesa first.', { balance: short.balance, price: short.total, shortfall });
  const { deposit } = await deps.deposits.startForPurchase(o.userId, { amount: shortfall, phone: o.phone, videoIds: o.order.video_ids, order: o.order }, async (tx, depositId, existing) => {
    // The code is held for a new payment: given back if M-Pesa fails or is cancelled (releasePaidOrder).
    // An open prompt for the same order already holds it under that order's reference.
    if (!existing) await priceWithPromo(tx, o.userId, seller as unknown as Seller, o.order, await seller.price(tx, o.userId, o.order), true);
    if (!o.idempotencyKey) return null;
    const [stored] = await tx
      .insert(idempotencyKeys)
      .values({ userId: o.userId, key: o.idempotencyKey, requestHash, status: 202, body: { depositId } })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (stored) return null;
    const [seen] = await tx.select().from(idempotencyKeys).where(and(eq(idempotencyKeys.userId, o.userId), eq(idempotencyKeys.key, o.idempotencyKey)));
    const seenId = (seen?.body as { depositId?: number } | undefined)?.depositId;
    return seenId ? await deps.deposits.byId(seenId) : null;
  });
  return paymentAnswer(deps, o.userId, deposit.id, deposit);
}

/**
 * A visitor's order (CONTRACT §16, no token): priced as for someone who owns nothing, ONE prompt for
 * the whole price, the same answer whoever the phone belongs to. Nothing is sold or made until
 * M-Pesa confirms: then the paying phone names the account (payments' settle) and `buy` sells there.
 */
export async function payAsVisitor<O extends PaidOrder>(
  deps: { db: Database; deposits: DepositService; simulatorPhone: string | null },
  seller: Seller<O, unknown>,
  o: { order: O; phone: string; visitorHash: string; ip: string },
): Promise<{ status: 202; body: CheckoutPayment }> {
  const priced = await deps.db.transaction((t) => seller.price(t as unknown as Database, NOBODY, o.order));
  const amount = priced.lines.reduce((sum, l) => sum + l.amount, 0);
  const { deposit, view } = await deps.deposits.startForVisitor({ amount, phone: o.phone, order: o.order, visitorHash: o.visitorHash, ip: o.ip });
  return { status: 202, body: { CheckoutRequestID: deposit.checkoutRequestId!, amount, CustomerMessage: 'Enter your M-Pesa PIN to complete transaction.', deposit: view, simulator_phone: deps.simulatorPhone } };
}
/** The customer a visitor is priced as: no account has id 0, so nothing is owned, rented or credited. */
const NOBODY = 0;

async function paymentAnswer(deps: { deposits: DepositService; simulatorPhone: string | null }, userId: number, depositId: number, deposit?: DepositRow): Promise<OrderAnswer<never>> {
  const d = deposit ?? (await deps.deposits.byId(depositId));
  if (!d) throw new HttpError(404, 'Not found.');
  if (!d.checkoutRequestId) {
    // Only a push still on its way is worth waiting for; one refused or lost answers how it ended, for good.
    if (d.state === 'pending') throw new HttpError(409, 'This payment is still being sent to M-Pesa. Try again in a moment.');
    throw unsentPayment(d);
  }
  const view = await deps.deposits.status({ id: userId }, d.checkoutRequestId);
  // A prompt that has ended (paid, cancelled, expired) is not asked for again: the answer says how it went.
  const said = view.state === 'pending' ? 'Enter your M-Pesa PIN to complete transaction.' : view.message;
  return { status: 202, body: { CheckoutRequestID: d.checkoutRequestId, amount: d.amount, CustomerMessage: said, deposit: view, simulator_phone: deps.simulatorPhone } };
}

/**
 * The sellers of paid orders, by kind (created once per app in app.ts): the transaction that credits
 * an M-Pesa payment sells its order here, in a savepoint, so an order that can no longer be sold
 * (owned meanwhile, a code used up, the balance short) leaves the money on the balance and says why.
 * A payment made before orders were stored (migration 0017: video ids only) is a purchase of them.
 */
export function createPaidOrders(opts: { onSold?: (() => void) | undefined; onSale?: SaleListener | undefined } = {}) {
  const sellers = new Map<string, Seller>();
  const buy: PaidOrderBuyer = async (tx, deposit) => {
    const order = (deposit.purchaseOrder as PaidOrder | null) ?? { kind: 'purchase', reference: `purchase-deposit-${deposit.id}`, video_ids: deposit.purchaseVideoIds ?? [] };
    const seller = sellers.get(order.kind);
    if (!seller) return failed(tx, order, purchaseFailure.missing);
    try {
      const r = await tx.transaction((sp) => sellOrder(sp as unknown as Database, seller, deposit.userId!, order).then((a) => (a.outcome === 'short' ? Promise.reject(new Short(a.balance, a.total)) : a)));
      if (order.promo_code) await confirmRedemption(tx, order.reference);
      if (r.outcome === 'sold') {
        opts.onSold?.();
        opts.onSale?.(order.kind, 'mpesa');
      }
      return r.outcome === 'sold' ? { state: 'completed' } : { state: 'failed', detail: purchaseFailure.short };
    } catch (err) {
      if (err instanceof Short) return failed(tx, order, purchaseFailure.short, deposit.userId!);
      // A code refused now (used up, expired meanwhile) is a FieldError; a 409 is owned meanwhile.
      if (err instanceof FieldError) return failed(tx, order, purchaseFailure.code, deposit.userId!);
      if (err instanceof HttpError) return failed(tx, order, err.statusCode === 409 ? purchaseFailure.owned : purchaseFailure.missing, deposit.userId!);
      throw err;
    }
  };
  async function failed(tx: Database, order: PaidOrder, detail: string, userId?: number): Promise<PaidOrderOutcome> {
    if (order.promo_code) await releaseRedemption(tx, order.reference);
    if (userId !== undefined) await sellers.get(order.kind)?.failed?.(tx, userId, order, 'unsold');
    return { state: 'failed', detail };
  }
  return {
    /** A seller for paid orders of `kind` ('rental', 'bundle', 'gift', ...). */
    register<O extends PaidOrder>(kind: O['kind'], seller: Seller<O, unknown>) {
      sellers.set(kind, seller as unknown as Seller);
    },
    buy,
    /** A payment that failed or was cancelled: its order's promo redemption is given back. */
    async release(tx: Database, deposit: DepositRow): Promise<void> {
      const order = deposit.purchaseOrder as PaidOrder | null;
      if (order?.promo_code) await releaseRedemption(tx, order.reference);
      if (order && deposit.userId !== null) await sellers.get(order.kind)?.failed?.(tx, deposit.userId, order, 'unpaid');
    },
  };
}
export type PaidOrders = ReturnType<typeof createPaidOrders>;
