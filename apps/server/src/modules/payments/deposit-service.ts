import { randomBytes } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Deposit } from '@store/contract';
import type { Database } from '../../db/client.ts';
import { deposits, profiles } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { postLedgerEntry } from '../wallet/wallet.ts';
import type { UserRow } from '../accounts/user-repository.ts';
import { parseStkCallback } from './callback.ts';
import { type DarajaClient, DarajaError, stateForResultCode } from './daraja-client.ts';

type DepositRow = typeof deposits.$inferSelect;
export type Outcome = { state: 'completed' | 'failed' | 'cancelled' | 'review'; resultCode: string | null; resultDesc: string; receipt?: string | null };


export function toDepositView(d: DepositRow, balance: number | null): Deposit {
  return {
    checkout_request_id: d.checkoutRequestId,
    amount: d.amount,
    phone_number: d.phone,
    state: d.state,
    result_desc: d.resultDesc,
    receipt: d.receipt,
    time: d.createdAt.toISOString(),
    balance: d.state === 'completed' ? balance : null,
  };
}

export function createDepositService(deps: { db: Database; daraja: DarajaClient; callbackBase: string; log: FastifyBaseLogger; firstCheckMs: number }) {
  const { db, daraja, log } = deps;

  /**
   * Moves a pending deposit to its final state, crediting the balance in the same transaction when
   * it was paid. Only a pending deposit moves (a conditional update), so a duplicate or late answer
   * finds nothing to change, and terminal states never change.
   */
  async function settle(depositId: number, outcome: Outcome, from: 'pending' | 'review' = 'pending', alongside?: (tx: Database, moved: DepositRow) => Promise<void>): Promise<boolean> {
    return db.transaction(async (t) => {
      const tx = t as unknown as Database;
      const [moved] = await tx
        .update(deposits)
        .set({ state: outcome.state, resultCode: outcome.resultCode, resultDesc: outcome.resultDesc, receipt: outcome.receipt ?? null, settledAt: new Date(), nextCheckAt: null })
        .where(and(eq(deposits.id, depositId), eq(deposits.state, from)))
        .returning();
      if (!moved) return false;
      if (outcome.state === 'completed') {
        await postLedgerEntry(tx, { userId: moved.userId, kind: 'deposit', amount: moved.amount, reference: moved.receipt ?? moved.checkoutRequestId ?? `deposit-${moved.id}`, note: `M-Pesa ${moved.phone}` });
      }
      await alongside?.(tx, moved);
      return true;
    });
  }

  const balanceOf = async (userId: number) => (await db.select({ b: profiles.account }).from(profiles).where(eq(profiles.userId, userId)))[0]?.b ?? 0;

  return {
    settle,

    /**
     * Staff's second look at a deposit in review (or still pending): asks M-Pesa again and settles
     * it if M-Pesa now knows, with `alongside` (the audit row) in the same transaction. Answers the
     * deposit as it now stands.
     */
    async recheck(depositId: number, alongside: (tx: Database, moved: DepositRow) => Promise<void>): Promise<DepositRow | null> {
      const [d] = await db.select().from(deposits).where(eq(deposits.id, depositId));
      if (!d) return null;
      if (d.state !== 'review' && d.state !== 'pending') throw new HttpError(409, `This deposit is already ${d.state}.`);
      if (!d.checkoutRequestId) throw new HttpError(409, 'This deposit never reached M-Pesa: there is nothing to ask about.');
      const answer = await daraja.stkQuery(d.checkoutRequestId).catch((err: unknown) => {
        log.warn({ err, depositId }, 'STK query for a deposit in review failed');
        throw new HttpError(502, 'M-Pesa did not answer. Try again in a minute.');
      });
      if (answer && answer.state !== 'pending') await settle(d.id, { state: answer.state, resultCode: answer.resultCode, resultDesc: answer.resultDesc }, d.state, alongside);
      return (await db.select().from(deposits).where(eq(deposits.id, depositId)))[0] ?? null;
    },

    /** Starts a deposit: a pending row with its own callback secret, then the STK push (never resent). */
    async start(user: UserRow, buyerid: number, input: { amount: number; phone: string }) {
      const [profile] = await db.select().from(profiles).where(eq(profiles.userId, user.id));
      if (!profile || profile.buyerid !== buyerid) throw new HttpError(403, 'You can only deposit to your own account.');
      // Hex: no letters Daraja refuses in a callback address ('sql', 'cmd', 'exec', ...).
      const callbackSecret = randomBytes(24).toString('hex');
      const [row] = await db.insert(deposits).values({ userId: user.id, amount: input.amount, phone: input.phone, callbackSecret }).returning();
      try {
        const sent = await daraja.stkPush({
          amount: input.amount,
          phone: input.phone,
          callbackUrl: `${deps.callbackBase}/api/deposit/callback/${callbackSecret}`,
          accountReference: `VSK${profile.buyerid}`,
          description: 'Deposit',
        });
        const [updated] = await db
          .update(deposits)
          .set({ checkoutRequestId: sent.checkoutRequestId, merchantRequestId: sent.merchantRequestId, nextCheckAt: new Date(Date.now() + deps.firstCheckMs) })
          .where(eq(deposits.id, row!.id))
          .returning();
        return updated!;
      } catch (err) {
        const reason = err instanceof DarajaError ? err.message : 'M-Pesa could not be reached';
        // A lost answer may still have reached the phone: such a deposit waits for review, never resent.
        const state = err instanceof DarajaError && err.code !== 'network' ? 'failed' : 'review';
        await settle(row!.id, { state, resultCode: err instanceof DarajaError ? err.code : null, resultDesc: reason });
        log.warn({ err, depositId: row!.id }, 'STK push not accepted');
        throw new HttpError(502, reason, { success: false });
      }
    },

    /**
     * Daraja's callback on a deposit's secret path. Credits only when the secret, CheckoutRequestID,
     * amount and phone all match a pending deposit; anything else changes nothing and is logged.
     */
    async handleCallback(secret: string, body: unknown): Promise<void> {
      const parsed = parseStkCallback(body);
      const [deposit] = await db.select().from(deposits).where(eq(deposits.callbackSecret, secret));
      if (!deposit) return void log.warn({ secret: secret.slice(0, 6) }, 'callback on an unknown path ignored');
      if (!parsed) return void log.warn({ depositId: deposit.id }, 'malformed callback ignored');
      // A pending deposit with no CheckoutRequestID is one whose push was accepted but not recorded (the
      // database failed just after): its secret path proves the callback is its own, so it adopts the id.
      const adopt = deposit.checkoutRequestId === null && deposit.state === 'pending';
      if (!adopt && parsed.checkoutRequestId !== deposit.checkoutRequestId) return void log.warn({ depositId: deposit.id }, 'callback for another CheckoutRequestID ignored');
      if (deposit.state !== 'pending') return void log.info({ depositId: deposit.id, state: deposit.state }, 'duplicate or late callback ignored');
      const state = stateForResultCode(parsed.resultCode);
      if (state === 'completed' && (parsed.amount !== deposit.amount || parsed.phone !== deposit.phone || !parsed.receipt)) {
        return void log.warn({ depositId: deposit.id, amount: parsed.amount, phone: parsed.phone }, 'paid callback does not match the deposit; ignored');
      }
      if (adopt) await db.update(deposits).set({ checkoutRequestId: parsed.checkoutRequestId }).where(and(eq(deposits.id, deposit.id), sql`${deposits.checkoutRequestId} IS NULL`));
      const moved = await settle(deposit.id, { state, resultCode: parsed.resultCode, resultDesc: parsed.resultDesc, receipt: parsed.receipt }).catch((err: unknown) => {
        // A receipt already used by another deposit: the unique index refuses to count it twice.
        log.error({ err, depositId: deposit.id }, 'callback could not be applied');
        return false;
      });
      if (!moved) log.info({ depositId: deposit.id }, 'callback raced another answer; nothing changed');
    },

    async status(user: UserRow, checkoutRequestId: string): Promise<Deposit> {
      const [d] = await db.select().from(deposits).where(and(eq(deposits.checkoutRequestId, checkoutRequestId), eq(deposits.userId, user.id)));
      if (!d) throw new HttpError(404, 'Not found.');
      return toDepositView(d, await balanceOf(user.id));
    },

    async history(userId: number): Promise<Deposit[]> {
      const rows = await db.select().from(deposits).where(eq(deposits.userId, userId)).orderBy(desc(deposits.createdAt), desc(deposits.id)).limit(200);
      return rows.map((d) => toDepositView(d, null));
    },

    reschedule: (id: number, checks: number, next: Date) => db.update(deposits).set({ checks, nextCheckAt: next }).where(and(eq(deposits.id, id), eq(deposits.state, 'pending'))),

    /** Pending deposits whose time to be asked about has come. */
    due: (now: Date, limit: number) =>
      db
        .select()
        .from(deposits)
        .where(and(eq(deposits.state, 'pending'), sql`${deposits.checkoutRequestId} IS NOT NULL`, sql`${deposits.nextCheckAt} <= ${now}`))
        .orderBy(deposits.nextCheckAt)
        .limit(limit),
  };
}
export type DepositService = ReturnType<typeof createDepositService>;
