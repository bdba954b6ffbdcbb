import { and, asc, eq, isNull, lte } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Payout as PayoutView } from '@store/contract';
import type { Database } from '../../db/client.ts';
import { payouts } from '../../db/schema.ts';
import { DarajaError, type DarajaClient } from '../payments/index.ts';
import { ledger } from '../wallet/index.ts';
import type { Payout, PayoutResult } from '../wallet/index.ts';
import { parseB2cResult, payoutOutcome, statusOutcome } from './b2c-result.ts';
import { tellCustomerOfMpesaRefund } from './refund-mails.ts';

/** The longest gap between two questions about one payout. */
const MAX_GAP_MS = 3600_000;

export const toPayoutView = (p: Payout): PayoutView => ({
  id: p.id,
  dj_id: p.djId ?? 0,
  amount: p.amount,
  state: p.state,
  mpesa_receipt: p.mpesaReceipt,
  phone: p.phone,
  result_desc: p.resultDesc,
  created_at: p.createdAt.toISOString(),
  settled_at: p.settledAt?.toISOString() ?? null,
});

/**
 * Payouts by M-Pesa B2C (decision 0046): money is committed first (ledger.startDjPayout or
 * startRefundPayout), then the request goes to Daraja with the payout's OriginatorConversationID.
 * The result on the payout's own secret ResultURL settles it once. A payout whose request got no
 * answer is sent again with the same OriginatorConversationID (Daraja pays it once); one whose result
 * never came is asked about with the transaction status query. Both run from the check-payouts job,
 * whose state is the payouts table itself, so a killed process loses nothing.
 */
export function createPayoutService(deps: { db: Database; daraja: DarajaClient; publicUrl: string; log: FastifyBaseLogger; firstCheckMs: number; withholdingPercent: number }) {
  const { db, daraja, log } = deps;
  const url = (kind: 'result' | 'timeout' | 'status', p: Payout) => `${deps.publicUrl}/api/payouts/${kind}/${p.resultSecret}`;
  const transaction = <T>(work: (tx: Database) => Promise<T>) => db.transaction((t) => work(t as unknown as Database));
  const later = (checks: number, now = Date.now()) => new Date(now + Math.min(Math.max(deps.firstCheckMs, 1000) * 2 ** checks, MAX_GAP_MS));

  async function settle(p: Payout, result: PayoutResult): Promise<Payout | null> {
    return transaction(async (tx) => {
      const settled = await ledger.settlePayout(tx, p.id, result);
      if (settled?.purpose === 'refund') await tellCustomerOfMpesaRefund(tx, { userId: settled.userId!, amount: settled.amount, phone: settled.phone, receipt: settled.mpesaReceipt, state: result.state });
      return settled;
    });
  }

  /** Sends (or sends again: the same OriginatorConversationID pays once) a pending payout's B2C request. */
  async function send(p: Payout): Promise<void> {
    try {
      const accepted = await daraja.b2cPayment({
        originatorConversationId: p.originatorConversationId,
        amount: p.amount,
        phone: p.phone,
        remarks: p.purpose === 'dj' ? `DJ payout ${p.id}` : `Refund ${p.reference}`,
        occasion: p.purpose === 'dj' ? 'DJ earnings' : 'Refund',
        resultUrl: url('result', p),
        timeoutUrl: url('timeout', p),
      });
      // Kept even when the result already settled it (a result can beat this answer here).
      await db.update(payouts).set({ conversationId: accepted.conversationId, nextCheckAt: later(0) }).where(and(eq(payouts.id, p.id), isNull(payouts.conversationId)));
    } catch (err) {
      // A request Daraja refused was not processed: the payout failed (a DJ is owed it again, a refund
      // goes back to the balance). No answer at all is left pending: the check sends it again.
      if (err instanceof DarajaError && err.httpStatus >= 400 && err.httpStatus < 500 && err.code !== '404.001.03') {
        await settle(p, { state: 'failed', receipt: null, resultCode: err.code, resultDesc: err.message });
        return;
      }
      log.warn({ err, payoutId: p.id }, 'B2C request got no answer; the check-payouts job sends it again');
    }
  }

  const bySecret = async (secret: string) => (await db.select().from(payouts).where(eq(payouts.resultSecret, secret)))[0];
  const byId = async (id: number) => (await db.select().from(payouts).where(eq(payouts.id, id)))[0];

  return {
    send,
    byId,

    /** Pays a DJ: the payout is recorded under the DJ's lock, then sent. Answers it and whether it is new. */
    async payDj(staffId: number, input: { dj_id: number; amount: number }, idempotencyKey: string | null): Promise<{ payout: PayoutView; created: boolean }> {
      const { payout, created } = await transaction((tx) => ledger.startDjPayout(tx, { djId: input.dj_id, amount: input.amount, requestedBy: staffId, idempotencyKey, withholdingPercent: deps.withholdingPercent }));
      if (created) await send(payout);
      return { payout: toPayoutView((await byId(payout.id))!), created };
    },

    /** Daraja's result on a payout's own ResultURL: settles a pending payout once; anything else is logged. */
    async handleResult(secret: string, body: unknown): Promise<void> {
      const p = await bySecret(secret);
      if (!p) return void log.warn({ secret: secret.slice(0, 6) }, 'B2C result on an unknown path ignored');
      const r = parseB2cResult(body);
      if (!r || r.originatorConversationId !== p.originatorConversationId) return void log.warn({ payoutId: p.id }, 'malformed B2C result, or one for another payment, ignored');
      if (p.state !== 'pending') return void log.info({ payoutId: p.id }, 'repeated or late B2C result ignored');
      const o = payoutOutcome(r);
      if (o.state === 'completed' && (!o.receipt || (o.amount !== null && o.amount !== p.amount))) return void log.warn({ payoutId: p.id, amount: o.amount }, 'paid B2C result does not match the payout; ignored');
      const settled = await settle(p, { state: o.state, receipt: o.receipt, resultCode: r.resultCode, resultDesc: r.resultDesc });
      if (!settled) log.info({ payoutId: p.id }, 'B2C result raced another answer; nothing changed');
    },

    /** The transaction status query's answer: settles a payout whose own result was lost. */
    async handleStatus(secret: string, body: unknown): Promise<void> {
      const p = await bySecret(secret);
      const r = parseB2cResult(body);
      if (!p || !r || p.state !== 'pending') return;
      const o = statusOutcome(r, p.originatorConversationId);
      if (!o) return void log.info({ payoutId: p.id, resultCode: r.resultCode }, 'M-Pesa does not know how this payout ended yet');
      if (o.state === 'completed' && (!o.receipt || (o.amount !== null && o.amount !== p.amount))) return void log.warn({ payoutId: p.id }, 'status answer does not match the payout; ignored');
      await settle(p, { state: o.state, receipt: o.receipt, resultCode: o.state === 'completed' ? '0' : r.resultCode, resultDesc: o.state === 'completed' ? 'Paid (found by the transaction status query).' : 'M-Pesa says this payment failed.' });
    },

    /** One pass of the check-payouts job over the pending payouts that are due. */
    async checkDue(now = new Date()): Promise<number> {
      const due = await db.select().from(payouts).where(and(eq(payouts.state, 'pending'), lte(payouts.nextCheckAt, now))).orderBy(asc(payouts.nextCheckAt)).limit(25);
      for (const p of due) {
        const checks = p.checks + 1;
        await db.update(payouts).set({ checks, nextCheckAt: later(checks, now.getTime()) }).where(eq(payouts.id, p.id));
        if (!p.conversationId) {
          await send({ ...p, checks });
          continue;
        }
        await daraja.transactionStatus({ originalConversationId: p.originatorConversationId, resultUrl: url('status', p), timeoutUrl: url('timeout', p) }).catch((err: unknown) => log.warn({ err, payoutId: p.id }, 'transaction status query failed; asking again later'));
      }
      return due.length;
    },
  };
}
export type PayoutService = ReturnType<typeof createPayoutService>;
