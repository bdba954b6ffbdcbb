import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { paybillPayments, standingOrders } from '../../db/schema.ts';
import { ledger } from '../wallet/index.ts';
import { parsePaybillConfirmation } from './callback.ts';
import type { PaymentHandler, StandingOrderRow } from './standing-orders.ts';

export type PaybillOutcome = 'credited' | 'unmatched' | 'duplicate' | 'malformed';

/** PostgreSQL's jsonb takes no NUL character: kept out of the raw copy, not a reason to lose a payment. */
const storable = (body: unknown) => JSON.parse(JSON.stringify(body).replace(/\\u0000/g, '')) as object;

/**
 * Paybill (C2B) confirmations: standing order deductions, or anyone paying the paybill with an order's
 * account reference. In ONE transaction: the payment recorded once by TransID (a second delivery
 * finds it and does nothing), the customer's balance credited through the ledger, then the handler
 * of the order's purpose sells from that balance in a savepoint; what it throws leaves the money
 * on the balance. A reference the store does not know is kept unmatched for staff, credited to no one.
 */
export function createPaybill(deps: {
  db: Database;
  log: FastifyBaseLogger;
  payingFor: (purpose: string) => PaymentHandler | undefined;
  /** Told of a deduction on an order no longer live (cancelled, failed): only credited, so the customer can be told. */
  creditedFor?: (purpose: string) => PaymentHandler | undefined;
  inSavepoint: (tx: Database, what: string, orderId: number, fn: (sp: Database) => Promise<void>) => Promise<void>;
}) {
  const { db, log } = deps;
  return {
    async confirm(body: unknown): Promise<PaybillOutcome> {
      const p = parsePaybillConfirmation(body);
      if (!p) {
        log.warn({ transId: (body as { TransID?: unknown } | null)?.TransID ?? null }, 'malformed paybill confirmation ignored');
        return 'malformed';
      }
      return db.transaction(async (t) => {
        const tx = t as unknown as Database;
        const [payment] = await tx
          .insert(paybillPayments)
          .values({ transId: p.transId, amount: p.amount, msisdn: p.msisdn, billRef: p.billRef, state: 'unmatched', raw: storable(body) })
          .onConflictDoNothing({ target: paybillPayments.transId })
          .returning();
        if (!payment) return 'duplicate';
        const [order] = p.billRef ? await tx.select().from(standingOrders).where(eq(standingOrders.accountReference, p.billRef.toUpperCase())).for('update') : [];
        if (!order) {
          log.warn({ transId: p.transId, billRef: p.billRef }, 'paybill payment for an unknown account reference kept unmatched');
          return 'unmatched';
        }
        await tx.update(paybillPayments).set({ state: 'credited', userId: order.userId, standingOrderId: order.id }).where(eq(paybillPayments.id, payment.id));
        await ledger.creditDeposit(tx, { userId: order.userId, amount: p.amount, reference: `paybill-${p.transId}`, phone: order.phone });
        let current: StandingOrderRow = order;
        if (order.state === 'pending') {
          // A deduction proves the customer approved it, whatever became of the callback.
          const [moved] = await tx
            .update(standingOrders)
            .set({ state: 'active', resultDesc: 'Approved (a deduction arrived before the result).', updatedAt: new Date() })
            .where(and(eq(standingOrders.id, order.id), eq(standingOrders.state, 'pending')))
            .returning();
          current = moved ?? order;
        }
        // Cancelled (or failed) orders sell nothing: the money stays on the balance, never lost.
        if (current.state !== 'active') {
          const told = deps.creditedFor?.(current.purpose);
          if (told) await deps.inSavepoint(tx, 'payment', current.id, (sp) => told(sp, { userId: current.userId, amount: p.amount, transId: p.transId, order: current }));
          return 'credited';
        }
        const handler = deps.payingFor(current.purpose);
        if (handler) await deps.inSavepoint(tx, 'payment', current.id, (sp) => handler(sp, { userId: current.userId, amount: p.amount, transId: p.transId, order: current }));
        return 'credited';
      });
    },
  };
}
