import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { djs, payouts, profiles } from '../../db/schema.ts';
import { groupDigits } from '@store/contract';
import { newCallbackSecret as newSecret } from '../../lib/callback-secret.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { words } from '../../lib/words.ts';
import { owedTo } from './dj-earnings.ts';
import { postLedgerEntry } from './wallet.ts';

export type Payout = typeof payouts.$inferSelect;
export interface PayoutResult {
  state: 'completed' | 'failed';
  receipt: string | null;
  resultCode: string;
  resultDesc: string;
}

/**
 * Money out through M-Pesa's B2C (decision 0046), part of the ledger service: a DJ's payout and a
 * customer's refund sent to M-Pesa. The payouts table is the DJ side's ledger (what a DJ is owed is
 * their earnings less payouts sent or pending), and a refund's money leaves the customer's balance
 * by a ledger entry in the same transaction that records its payout.
 */
export const payoutLedger = {
  /**
   * A payout to a DJ, never more than owed: the DJ's row is locked first, so two staff paying at once
   * queue here and the second sees the first's pending payout. A retried request (same staff member,
   * same Idempotency-Key) answers the payout it made.
   */
  async startDjPayout(tx: Database, p: { djId: number; amount: number; requestedBy: number; idempotencyKey: string | null; withholdingPercent: number }): Promise<{ payout: Payout; created: boolean }> {
    const [dj] = await tx.select({ id: djs.id, phone: djs.payoutPhone }).from(djs).where(eq(djs.id, p.djId)).for('update');
    if (!dj) throw new HttpError(404, 'No such DJ.');
    if (p.idempotencyKey) {
      const [seen] = await tx.select().from(payouts).where(and(eq(payouts.requestedBy, p.requestedBy), eq(payouts.idempotencyKey, p.idempotencyKey)));
      if (seen) {
        if (seen.djId !== p.djId || seen.amount !== p.amount) throw new HttpError(409, 'This Idempotency-Key was used for another payout.');
        return { payout: seen, created: false };
      }
    }
    if (!dj.phone) throw new HttpError(409, 'This DJ has no payout phone: set one first.');
    const owed = await owedTo(tx, p.djId, p.withholdingPercent);
    if (p.amount > owed) throw new HttpError(409, words('Only Ksh {amount} is owed to this DJ.', { amount: groupDigits(Math.max(owed, 0)) }));
    const [payout] = await tx
      .insert(payouts)
      .values({ purpose: 'dj', djId: p.djId, amount: p.amount, phone: dj.phone, originatorConversationId: randomUUID(), resultSecret: newSecret(), requestedBy: p.requestedBy, idempotencyKey: p.idempotencyKey })
      .returning();
    return { payout: payout!, created: true };
  },

  /**
   * A refund (already back on the balance, its reference refund-<purchase>) sent on to the customer's
   * M-Pesa: the amount leaves the balance now, and comes back to it if M-Pesa fails the payment.
   */
  async startRefundPayout(tx: Database, r: { userId: number; amount: number; reference: string; requestedBy: number; note: string }): Promise<Payout> {
    if (r.amount < 1) throw new HttpError(409, 'Nothing was paid for this purchase, so there is nothing to send to M-Pesa.');
    const [profile] = await tx.select({ phone: profiles.phoneNumber }).from(profiles).where(eq(profiles.userId, r.userId));
    if (!profile?.phone || !/^254[17]\d{8}$/.test(profile.phone)) throw new HttpError(409, 'This customer has no M-Pesa phone on their account: refund to the balance instead.');
    await postLedgerEntry(tx, { userId: r.userId, kind: 'mpesa_refund', amount: -r.amount, reference: r.reference, note: `${r.note} (to M-Pesa ${profile.phone})` });
    const [payout] = await tx
      .insert(payouts)
      .values({ purpose: 'refund', userId: r.userId, reference: r.reference, amount: r.amount, phone: profile.phone, originatorConversationId: randomUUID(), resultSecret: newSecret(), requestedBy: r.requestedBy })
      .returning();
    return payout!;
  },

  /**
   * The demo store's history: each DJ paid, a week ago, what they were owed then, as a payout M-Pesa
   * completed (no request goes to Daraja). Only the demo seed calls it.
   */
  async recordDemoPayouts(tx: Database, at: Date, withholdingPercent: number): Promise<number> {
    let made = 0;
    for (const dj of await tx.select({ id: djs.id, phone: djs.payoutPhone }).from(djs)) {
      const owed = await owedTo(tx, dj.id, withholdingPercent, at);
      if (!dj.phone || owed < 10) continue;
      const receipt = `DEMO${randomBytes(3).toString('hex').toUpperCase()}`;
      await tx.insert(payouts).values({ purpose: 'dj', djId: dj.id, amount: owed, phone: dj.phone, state: 'completed', originatorConversationId: randomUUID(), resultSecret: newSecret(), mpesaReceipt: receipt, resultCode: '0', resultDesc: 'The service request is processed successfully.', createdAt: at, settledAt: at, nextCheckAt: at });
      made++;
    }
    return made;
  },

  /**
   * Settles a pending payout exactly once (a repeated or late result finds it settled and changes
   * nothing): answers the settled row, or null. A failed refund puts the money back on the balance.
   */
  async settlePayout(tx: Database, id: number, result: PayoutResult): Promise<Payout | null> {
    const [settled] = await tx
      .update(payouts)
      .set({ state: result.state, mpesaReceipt: result.state === 'completed' ? result.receipt : null, resultCode: result.resultCode, resultDesc: result.resultDesc, settledAt: sql`now()` })
      .where(and(eq(payouts.id, id), eq(payouts.state, 'pending')))
      .returning();
    if (!settled) return null;
    if (settled.purpose === 'refund' && result.state === 'failed') {
      await postLedgerEntry(tx, { userId: settled.userId!, kind: 'mpesa_refund_return', amount: settled.amount, reference: settled.reference!, note: `M-Pesa could not take the refund: ${result.resultDesc}` });
    }
    return settled;
  },
};

/**
 * Refunds sent to M-Pesa whose ledger entries do not match (should be none): each refund payout has
 * its mpesa_refund entry taking exactly its amount off the balance, and a failed one, only a failed
 * one, its mpesa_refund_return putting it back. `ledger:verify` reports them.
 */
export async function payoutMismatches(db: Database) {
  const result = (await db.execute(sql`
    SELECT p.id, p.reference, p.state, p.amount, o.amount AS taken, r.amount AS returned
    FROM ${payouts} p
    LEFT JOIN ledger_entries o ON o.kind = 'mpesa_refund' AND o.reference = p.reference AND o.user_id = p.user_id
    LEFT JOIN ledger_entries r ON r.kind = 'mpesa_refund_return' AND r.reference = p.reference AND r.user_id = p.user_id
    WHERE p.purpose = 'refund'
      AND (o.id IS NULL OR o.amount <> -p.amount OR (p.state = 'failed') <> (r.id IS NOT NULL) OR r.amount <> p.amount)`)) as unknown as {
    rows: { id: number; reference: string; state: string; amount: number; taken: number | null; returned: number | null }[];
  };
  return result.rows.map((r) => ({ payoutId: Number(r.id), reference: r.reference, state: r.state, amount: Number(r.amount), taken: r.taken === null ? null : Number(r.taken), returned: r.returned === null ? null : Number(r.returned) }));
}
