import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { standingOrders } from '../../db/schema.ts';
import { newCallbackSecret } from '../../lib/callback-secret.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { HttpError } from '../../lib/http-errors.ts';
import type { Limit } from '../../lib/rate-limits.ts';
import { words } from '../../lib/words.ts';
import { parseStandingOrderCallback } from './callback.ts';
import { type DarajaClient, DarajaError, darajaTimestamp, type RatibaFrequency } from './daraja-client.ts';
import { pushRefusal } from './outcome-words.ts';
import { createPaybill } from './paybill.ts';

export type StandingOrderRow = typeof standingOrders.$inferSelect;

/** Sells what a deduction pays for (a pass's renewal) from the balance it was just credited to. */
export type PaymentHandler = (tx: Database, p: { userId: number; amount: number; transId: string; order: StandingOrderRow }) => Promise<void>;
/** Hears whether the customer approved an order (ok) or not (reason: M-Pesa's words). */
export type ResultHandler = (tx: Database, r: { order: StandingOrderRow; ok: boolean; reason: string }) => Promise<void>;

export interface NewStandingOrder {
  /** 2547XXXXXXXX or 2541XXXXXXXX. */
  phone: string;
  /** Whole shillings per deduction. */
  amount: number;
  frequency: RatibaFrequency;
  /** Whose handlers hear of it ('pass'), and what it pays for (the customer's pass id). */
  purpose: string;
  subjectId: number;
  /** What the customer sees in the M-Pesa menu; the account reference is added to keep it unique. */
  name: string;
  /** At most 13 characters reach M-Pesa. */
  description: string;
  /** The first deduction's day (Nairobi) and the last possible one (a year later by default). */
  startDate: Date;
  endDate?: Date;
}

/** A pending order M-Pesa has said nothing about for this long is given up when a new one is asked for. */
const STALE_MS = 15 * 60_000;
const LIVE = ['pending', 'active'] as const;
const ymd = (d: Date) => darajaTimestamp(d).slice(0, 8);
const asDb = (t: unknown) => t as Database;

/**
 * M-Pesa Ratiba standing orders (CONTRACT §14, decision 0050): made here, approved by the customer's
 * PIN (the result on the order's own secret path), paid as paybill payments (paybill.ts). Ratiba has
 * no cancel call: cancelling is local, and later deductions still go to the customer's balance.
 */
export function createStandingOrders(deps: { db: Database; daraja: DarajaClient; callbackBase: string; log: FastifyBaseLogger; prompts?: Limit }) {
  const { db, daraja, log } = deps;
  const onPayment = new Map<string, PaymentHandler>();
  const onResult = new Map<string, ResultHandler>();
  const onCredited = new Map<string, PaymentHandler>();

  const live = async (purpose: string, subjectId: number) =>
    (await db.select().from(standingOrders).where(and(eq(standingOrders.purpose, purpose), eq(standingOrders.subjectId, subjectId), inArray(standingOrders.state, [...LIVE]))))[0];
  const view = (o: StandingOrderRow) => ({ id: o.id, accountReference: o.accountReference, state: o.state });

  /** Runs a handler in a savepoint: what it throws is logged and undone, never what came before it. */
  async function inSavepoint(tx: Database, what: string, orderId: number, fn: (sp: Database) => Promise<void>) {
    try {
      await tx.transaction((sp) => fn(asDb(sp)));
    } catch (err) {
      log.error({ err, standingOrderId: orderId }, `standing order ${what} handler failed; its work was undone`);
    }
  }

  async function settle(order: StandingOrderRow, outcome: { ok: boolean; code: string | null; reason: string; transactionId?: string | null }) {
    await db.transaction(async (t) => {
      const tx = asDb(t);
      const [moved] = await tx
        .update(standingOrders)
        .set({ state: outcome.ok ? 'active' : 'failed', resultCode: outcome.code, resultDesc: outcome.reason, transactionId: outcome.transactionId ?? null, updatedAt: new Date() })
        .where(and(eq(standingOrders.id, order.id), eq(standingOrders.state, 'pending')))
        .returning();
      if (!moved) return void log.info({ standingOrderId: order.id, state: order.state }, 'standing order result for an order no longer pending; ignored');
      const handler = onResult.get(moved.purpose);
      if (handler) await inSavepoint(tx, 'result', moved.id, (sp) => handler(sp, { order: moved, ok: outcome.ok, reason: outcome.reason }));
    });
  }

  const paybill = createPaybill({ db, log, payingFor: (purpose) => onPayment.get(purpose), creditedFor: (purpose) => onCredited.get(purpose), inSavepoint });

  return {
    /**
     * Makes a standing order and sends it to M-Pesa (the customer gets one PIN prompt). One live
     * order per purpose and subject: asked again, it answers that one and sends nothing.
     */
    async create(userId: number, input: NewStandingOrder): Promise<{ id: number; accountReference: string; state: StandingOrderRow['state'] }> {
      if (!/^254[17]\d{8}$/.test(input.phone)) throw new Error('a standing order needs a phone as 2547XXXXXXXX');
      if (!Number.isInteger(input.amount) || input.amount < 1 || input.amount > 250_000) throw new Error('a standing order is 1 to 250,000 whole shillings');
      const existing = await live(input.purpose, input.subjectId);
      if (existing && !(existing.state === 'pending' && Date.now() - existing.createdAt.getTime() > STALE_MS)) return view(existing);
      if (existing) {
        // Its callback never came: a deduction that still carries its reference is credited all the same.
        await db.update(standingOrders).set({ state: 'failed', resultDesc: 'M-Pesa never said whether the customer approved this order.', updatedAt: new Date() }).where(and(eq(standingOrders.id, existing.id), eq(standingOrders.state, 'pending')));
      }
      const taken = await deps.prompts?.consume(input.phone);
      if (taken && !taken.ok) {
        const retry = Math.ceil(taken.retryAfterMs / 1000);
        throw new HttpError(429, words('Too many M-Pesa prompts were sent to this phone. Try again in {minutes} minutes.', { minutes: Math.ceil(retry / 60) }), {}, { 'retry-after': String(retry) });
      }
      const endDate = input.endDate ?? new Date(input.startDate.getTime() + 365 * 86_400_000);
      let row: StandingOrderRow;
      try {
        row = await db.transaction(async (t) => {
          const tx = asDb(t);
          const next = (await tx.execute(sql`SELECT nextval(pg_get_serial_sequence('standing_orders', 'id'))::int AS id`)) as unknown as { rows: { id: number }[] };
          const id = Number(next.rows[0]!.id);
          const accountReference = `P${id.toString(36).toUpperCase()}`;
          const [inserted] = await tx
            .insert(standingOrders)
            .values({ id, userId, accountReference, name: `${input.name.slice(0, 40)} ${accountReference}`, phone: input.phone, amount: input.amount, frequency: input.frequency, startDate: ymd(input.startDate), endDate: ymd(endDate), callbackSecret: newCallbackSecret(), purpose: input.purpose, subjectId: input.subjectId })
            .returning();
          return inserted!;
        });
      } catch (err) {
        // The same order asked for twice at once: the first one made is the answer.
        const first = isUniqueViolation(err, 'standing_orders_one_live') ? await live(input.purpose, input.subjectId) : undefined;
        if (first) return view(first);
        throw err;
      }
      try {
        const sent = await daraja.createStandingOrder({ name: row.name, startDate: row.startDate, endDate: row.endDate, amount: row.amount, phone: row.phone, callbackUrl: `${deps.callbackBase}/api/standing-orders/callback/${row.callbackSecret}`, accountReference: row.accountReference, description: input.description, frequency: row.frequency });
        await db.update(standingOrders).set({ requestRef: sent.responseRefId, updatedAt: new Date() }).where(eq(standingOrders.id, row.id));
        return view(row);
      } catch (err) {
        // A lost answer may still have reached the phone: the order stays pending for its callback.
        if (!(err instanceof DarajaError) || err.code === 'network') {
          log.warn({ err, standingOrderId: row.id }, 'standing order request got no answer; waiting for its callback');
          return view(row);
        }
        await db.update(standingOrders).set({ state: 'failed', resultCode: err.code, resultDesc: err.message, updatedAt: new Date() }).where(and(eq(standingOrders.id, row.id), eq(standingOrders.state, 'pending')));
        log.warn({ err, standingOrderId: row.id }, 'standing order not accepted by M-Pesa');
        throw new HttpError(502, pushRefusal(err.code), { success: false });
      }
    },

    /**
     * Stops treating an order as live, in the caller's transaction. Ratiba has no cancel call: the
     * customer ends it on *334#, and any deduction that still comes goes to their balance.
     */
    async cancel(tx: Database, id: number): Promise<boolean> {
      const moved = await tx
        .update(standingOrders)
        .set({ state: 'cancelled', updatedAt: new Date() })
        .where(and(eq(standingOrders.id, id), inArray(standingOrders.state, [...LIVE])))
        .returning({ id: standingOrders.id });
      return moved.length > 0;
    },

    /** What sells a deduction for this purpose; it runs in the crediting transaction, in a savepoint. */
    onPayment(purpose: string, handler: PaymentHandler) {
      if (onPayment.has(purpose)) throw new Error(`a payment handler for ${purpose} is already registered`);
      onPayment.set(purpose, handler);
    },
    /** Told of a deduction that arrived after the order was cancelled or failed: it is on the balance, nothing is sold. */
    onCredited(purpose: string, handler: PaymentHandler) {
      if (onCredited.has(purpose)) throw new Error(`a credited handler for ${purpose} is already registered`);
      onCredited.set(purpose, handler);
    },
    onResult(purpose: string, handler: ResultHandler) {
      if (onResult.has(purpose)) throw new Error(`a result handler for ${purpose} is already registered`);
      onResult.set(purpose, handler);
    },

    byId: async (id: number) => (await db.select().from(standingOrders).where(eq(standingOrders.id, id)))[0] ?? null,

    /** Ratiba's approval callback on an order's secret path: a pending order becomes active or failed, once. */
    async handleResult(secret: string, body: unknown): Promise<void> {
      const [order] = await db.select().from(standingOrders).where(eq(standingOrders.callbackSecret, secret));
      if (!order) return void log.warn({ secret: secret.slice(0, 6) }, 'standing order callback on an unknown path ignored');
      const parsed = parseStandingOrderCallback(body);
      if (!parsed) return void log.warn({ standingOrderId: order.id }, 'malformed standing order callback ignored');
      await settle(order, { ok: parsed.ok, code: parsed.resultCode, reason: parsed.description || (parsed.ok ? 'Approved' : 'Not approved'), transactionId: parsed.transactionId });
    },

    /** A C2B confirmation (paybill.ts): recorded once by TransID, credited, then sold by the purpose's handler. */
    handlePaybill: paybill.confirm,
  };
}
export type StandingOrders = ReturnType<typeof createStandingOrders>;
