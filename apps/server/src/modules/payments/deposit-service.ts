import { newCallbackSecret } from '../../lib/callback-secret.ts';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { formatKsh, type Deposit } from '@store/contract';
import type { Database } from '../../db/client.ts';
import { deposits, profiles } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-errors.ts';
import type { Limit } from '../../lib/rate-limits.ts';
import { ledger } from '../wallet/index.ts';
import { notifyCustomer } from '../notifications/index.ts';
import { accountForPaidPhone, provePhone, type UserRow } from '../accounts/index.ts';
import { parseStkCallback } from './callback.ts';
import { customerMessage, depositOutcome, purchaseFailure, pushRefusal } from './outcome-words.ts';
import { type DarajaClient, DarajaError, stateForResultCode } from './daraja-client.ts';
import { words } from '../../lib/words.ts';

export type DepositRow = typeof deposits.$inferSelect;

const sqlIntArray = (xs: number[]) => sql`ARRAY[${sql.join(
  xs.map((x) => sql`${x}`),
  sql`, `,
)}]::int[]`;

/**
 * An open prompt is answered again only for the very same order (its fresh reference aside): two
 * gifts to different people, or a rental with and without a code, each need their own payment.
 */
const sameOrder = (order: object | undefined) =>
  order ? sql`(${deposits.purchaseOrder} - 'reference') = (${JSON.stringify(order)}::jsonb - 'reference')` : sql`${deposits.purchaseOrder} IS NULL`;

/** Thrown inside the checkout transaction to roll it back when the Idempotency-Key was answered meanwhile. */
class ReplayInstead extends Error {
  constructor(readonly deposit: DepositRow) {
    super('replay');
  }
}
export type Outcome = { state: 'completed' | 'failed' | 'cancelled' | 'review'; resultCode: string | null; resultDesc: string; receipt?: string | null };


export function toDepositView(d: DepositRow, balance: number | null): Deposit {
  return {
    checkout_request_id: d.checkoutRequestId,
    amount: d.amount,
    phone_number: d.phone,
    state: d.state,
    result_code: d.resultCode,
    result_desc: d.resultDesc,
    outcome: depositOutcome(d.state, d.resultCode),
    receipt: d.receipt,
    time: d.createdAt.toISOString(),
    balance: d.state === 'completed' ? balance : null,
    message: customerMessage(d.state, d.resultCode),
    purchase: d.purchaseVideoIds && d.purchaseState ? { state: d.purchaseState, video_ids: d.purchaseVideoIds, detail: d.purchaseDetail } : null,
  };
}

/**
 * The answer to a payment whose prompt never reached M-Pesa (refused, or its answer lost): the first
 * answer and every retry with its Idempotency-Key (CONTRACT §3: answered as the first one). Says why
 * and carries the deposit, so a retry learns how it ended instead of waiting for a prompt that never comes.
 */
export const unsentPayment = (d: DepositRow) => new HttpError(502, pushRefusal(d.resultCode), { success: false, deposit: toDepositView(d, null) });

/** How buying the videos of a paid checkout went, in the transaction that credited the payment. */
export type PaidOrderOutcome = { state: 'completed' } | { state: 'failed'; detail: string };
/** Buys a paid checkout's videos inside the crediting transaction (orders' buy_videos, wired in app.ts). */
export type PaidOrderBuyer = (tx: Database, deposit: DepositRow) => Promise<PaidOrderOutcome>;

export function createDepositService(deps: {
  db: Database;
  daraja: DarajaClient;
  callbackBase: string;
  log: FastifyBaseLogger;
  firstCheckMs: number;
  buyPaidOrder?: PaidOrderBuyer;
  /** A payment that failed or was cancelled: gives back what its order held (a promo redemption). */
  releasePaidOrder?: (tx: Database, deposit: DepositRow) => Promise<void>;
  /** Prompts per phone number: any account can name any phone, and each prompt rings it. */
  prompts?: Limit;
  /** Visitors' prompts per address (CONTRACT §16): a stranger's phone must not be rung from one place at will. */
  visitorPrompts?: Limit;
}) {
  const { db, daraja, log } = deps;

  /** Takes one of the phone's prompts before a new one is sent; 429 when its allowance is spent. */
  async function takePrompt(phone: string) {
    const taken = await deps.prompts?.consume(phone);
    if (!taken || taken.ok) return;
    const retry = Math.ceil(taken.retryAfterMs / 1000);
    throw new HttpError(429, words('Too many M-Pesa prompts were sent to this phone. Try again in {minutes} minutes.', { minutes: Math.ceil(retry / 60) }), {}, { 'retry-after': String(retry) });
  }

  /**
   * Moves a pending deposit to its final state, crediting the balance in the same transaction when
   * it was paid. Only a pending deposit moves (a conditional update), so a duplicate or late answer
   * finds nothing to change, and terminal states never change.
   */
  async function settle(depositId: number, outcome: Outcome, from: 'pending' | 'review' = 'pending', alongside?: (tx: Database, moved: DepositRow) => Promise<void>): Promise<boolean> {
    return db.transaction(async (t) => {
      const tx = t as unknown as Database;
      const [settled] = await tx
        .update(deposits)
        .set({ state: outcome.state, resultCode: outcome.resultCode, resultDesc: outcome.resultDesc, receipt: outcome.receipt ?? null, settledAt: new Date(), nextCheckAt: null })
        .where(and(eq(deposits.id, depositId), eq(deposits.state, from)))
        .returning();
      if (!settled) return false;
      let moved: DepositRow = settled;
      // A visitor's payment (CONTRACT §16): unpaid, it makes nothing; paid, the paying phone names its account.
      if (moved.userId === null) {
        if (outcome.state !== 'completed') {
          if (outcome.state !== 'review') await tx.update(deposits).set({ purchaseState: 'failed', purchaseDetail: purchaseFailure.unpaid }).where(eq(deposits.id, moved.id));
          await alongside?.(tx, moved);
          return true;
        }
        const named = await accountForPaidPhone(tx, moved.phone);
        const [own] = await tx.update(deposits).set({ userId: named.userId }).where(eq(deposits.id, moved.id)).returning();
        moved = own!;
      }
      const userId = moved.userId!;
      if (outcome.state === 'completed') {
        await ledger.creditDeposit(tx, { userId, amount: moved.amount, reference: moved.receipt ?? moved.checkoutRequestId ?? `deposit-${moved.id}`, phone: moved.phone });
        // The PIN was entered on this phone: it may sign the account in by SMS code from now on (CONTRACT §16).
        await provePhone(tx, userId, moved.phone);
      }
      // A checkout paid with M-Pesa buys its videos in this same transaction, or says why not; a
      // payment still in review keeps its purchase pending until staff settle it.
      if (moved.purchaseState === 'pending' && outcome.state !== 'review') {
        const bought: PaidOrderOutcome =
          outcome.state !== 'completed' ? { state: 'failed', detail: purchaseFailure.unpaid } : deps.buyPaidOrder ? await deps.buyPaidOrder(tx, moved) : { state: 'failed', detail: purchaseFailure.missing };
        if (outcome.state !== 'completed') await deps.releasePaidOrder?.(tx, moved);
        await tx
          .update(deposits)
          .set({ purchaseState: bought.state, purchaseDetail: bought.state === 'failed' ? bought.detail : null })
          .where(eq(deposits.id, moved.id));
      }
      // A payment that failed where nobody may be looking (the page closed): the customer hears in the store (CONTRACT §15).
      if (outcome.state === 'failed') await notifyCustomer(tx, { userId, kind: 'deposit_failed', params: { amount: formatKsh(moved.amount), purchase: moved.purchaseState !== null }, url: '/deposit', dedupeKey: String(moved.id) });
      await alongside?.(tx, moved);
      return true;
    });
  }

  // Set when the row is written, before the push: a process killed between the two leaves a deposit
  // the reconciler still finds (CheckoutRequestID unknown), instead of one pending forever.
  const firstCheck = () => new Date(Date.now() + deps.firstCheckMs);

  /** Sends the STK push for a pending deposit and records its CheckoutRequestID; a refusal settles it. */
  async function push(row: DepositRow, buyerid: number, description: string): Promise<DepositRow> {
    try {
      const sent = await daraja.stkPush({
        amount: row.amount,
        phone: row.phone,
        callbackUrl: `${deps.callbackBase}/api/deposit/callback/${row.callbackSecret}`,
        accountReference: `VSK${buyerid}`,
        description,
      });
      const [updated] = await db
        .update(deposits)
        .set({ checkoutRequestId: sent.checkoutRequestId, merchantRequestId: sent.merchantRequestId, nextCheckAt: firstCheck() })
        .where(eq(deposits.id, row.id))
        .returning();
      return updated!;
    } catch (err) {
      const reason = err instanceof DarajaError ? err.message : 'M-Pesa could not be reached';
      // A lost answer may still have reached the phone: such a deposit waits for review, never resent.
      const state = err instanceof DarajaError && err.code !== 'network' ? 'failed' : 'review';
      await settle(row.id, { state, resultCode: err instanceof DarajaError ? err.code : null, resultDesc: reason });
      log.warn({ err, depositId: row.id }, 'STK push not accepted');
      throw new HttpError(502, pushRefusal(err instanceof DarajaError ? err.code : null), { success: false });
    }
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
      if (d.state !== 'review' && d.state !== 'pending') throw new HttpError(409, words('This deposit is already {state}.', { state: d.state }));
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
      await takePrompt(input.phone);
      const [row] = await db.insert(deposits).values({ userId: user.id, amount: input.amount, phone: input.phone, callbackSecret: newCallbackSecret(), nextCheckAt: firstCheck() }).returning();
      return push(row!, profile.buyerid, 'Deposit');
    },

    /**
     * Checkout with M-Pesa (CONTRACT §8): a deposit of the shortfall that buys `videoIds` once paid.
     * The row (and the Idempotency-Key's answer, by `remember`) is written under the customer's profile
     * lock before the push, so a retried checkout finds it and sends no second prompt; so does a
     * checkout of the same videos while an earlier prompt is still open.
     */
    async startForPurchase(
      userId: number,
      input: { amount: number; phone: string; videoIds: number[]; order?: { kind: string } },
      /**
       * Runs in the transaction that makes or reuses the payment (existing: an open prompt for the same
       * order, sent under 2 minutes ago): stores the request's Idempotency-Key with it, so every key is
       * answered with the payment it was given for good; answers the payment a key already has.
       */
      remember: (tx: Database, depositId: number, existing: boolean) => Promise<DepositRow | null>,
    ): Promise<{ deposit: DepositRow; resent: boolean }> {
      const created = await db.transaction(async (t) => {
        const tx = t as unknown as Database;
        const [profile] = await tx.select().from(profiles).where(eq(profiles.userId, userId)).for('update');
        if (!profile) throw new HttpError(404, 'Not found.');
        const [open] = await tx
          .select()
          .from(deposits)
          .where(and(eq(deposits.userId, userId), eq(deposits.state, 'pending'), eq(deposits.purchaseState, 'pending'), sql`${deposits.purchaseVideoIds} = ${sqlIntArray(input.videoIds)}`, sameOrder(input.order), sql`${deposits.createdAt} > now() - interval '2 minutes'`))
          .limit(1);
        if (open) return { deposit: (await remember(tx, open.id, true)) ?? open, existing: true, buyerid: profile.buyerid };
        await takePrompt(input.phone);
        const [row] = await tx
          .insert(deposits)
          .values({ userId, amount: input.amount, phone: input.phone, callbackSecret: newCallbackSecret(), nextCheckAt: firstCheck(), purchaseVideoIds: input.videoIds, purchaseOrder: input.order ?? null, purchaseState: 'pending' })
          .returning();
        const seen = await remember(tx, row!.id, false);
        // Another request with the same key got there first: roll this row back and answer that one.
        if (seen) throw new ReplayInstead(seen);
        return { deposit: row!, existing: false, buyerid: profile.buyerid };
      }).catch((err: unknown) => {
        if (err instanceof ReplayInstead) return { deposit: err.deposit, existing: true, buyerid: 0 };
        throw err;
      });
      if (created.existing) return { deposit: created.deposit, resent: false };
      const sent = await push(created.deposit, created.buyerid, 'Video purchase').catch(async (err: unknown) => {
        const [unsent] = await db.select().from(deposits).where(eq(deposits.id, created.deposit.id));
        throw unsent && unsent.state !== 'pending' ? unsentPayment(unsent) : err;
      });
      return { deposit: sent, resent: true };
    },

    /**
     * A visitor's payment (CONTRACT §16): the whole price, no account yet, the asking browser's cookie
     * hash kept. Limited per phone and per address before anything rings.
     */
    async startForVisitor(input: { amount: number; phone: string; order: { kind: string; video_ids: number[] }; visitorHash: string; ip: string }) {
      const byIp = await deps.visitorPrompts?.consume(input.ip);
      if (byIp && !byIp.ok) {
        const retry = Math.ceil(byIp.retryAfterMs / 1000);
        throw new HttpError(429, words('Too many M-Pesa prompts were sent from here. Try again in {minutes} minutes.', { minutes: Math.ceil(retry / 60) }), {}, { 'retry-after': String(retry) });
      }
      await takePrompt(input.phone);
      const [row] = await db
        .insert(deposits)
        .values({ userId: null, amount: input.amount, phone: input.phone, callbackSecret: newCallbackSecret(), nextCheckAt: firstCheck(), purchaseVideoIds: input.order.video_ids, purchaseOrder: input.order, purchaseState: 'pending', visitorHash: input.visitorHash })
        .returning();
      const sent = await push(row!, 0, 'Video purchase');
      return { deposit: sent, view: toDepositView(sent, null) };
    },

    /**
     * A visitor's payment, asked by the browser whose cookie hash it keeps (404 anywhere else). Once
     * paid, the first answer there names the account to sign in (`signIn`); later answers never do.
     */
    async visitorStatus(checkoutRequestId: string, visitorHash: string): Promise<{ deposit: Deposit; signIn: number | null }> {
      const [d] = await db.select().from(deposits).where(and(eq(deposits.checkoutRequestId, checkoutRequestId), eq(deposits.visitorHash, visitorHash)));
      if (!d) throw new HttpError(404, 'Not found.');
      let signIn: number | null = null;
      if (d.state === 'completed' && d.userId !== null && d.loginGivenAt === null) {
        const [given] = await db.update(deposits).set({ loginGivenAt: new Date() }).where(and(eq(deposits.id, d.id), isNull(deposits.loginGivenAt))).returning({ userId: deposits.userId });
        signIn = given?.userId ?? null;
      }
      return { deposit: toDepositView(d, d.userId === null ? null : await balanceOf(d.userId)), signIn };
    },

    byId: async (id: number) => (await db.select().from(deposits).where(eq(deposits.id, id)))[0] ?? null,

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
      // A deposit in review is one M-Pesa had not answered about: its own callback is that answer.
      const open = deposit.state === 'pending' || deposit.state === 'review';
      const adopt = deposit.checkoutRequestId === null && open;
      if (!adopt && parsed.checkoutRequestId !== deposit.checkoutRequestId) return void log.warn({ depositId: deposit.id }, 'callback for another CheckoutRequestID ignored');
      if (!open) return void log.info({ depositId: deposit.id, state: deposit.state }, 'duplicate or late callback ignored');
      const state = stateForResultCode(parsed.resultCode);
      if (state === 'completed' && (parsed.amount !== deposit.amount || parsed.phone !== deposit.phone || !parsed.receipt)) {
        return void log.warn({ depositId: deposit.id, amount: parsed.amount, phone: parsed.phone }, 'paid callback does not match the deposit; ignored');
      }
      if (adopt) await db.update(deposits).set({ checkoutRequestId: parsed.checkoutRequestId }).where(and(eq(deposits.id, deposit.id), sql`${deposits.checkoutRequestId} IS NULL`));
      const moved = await settle(deposit.id, { state, resultCode: parsed.resultCode, resultDesc: parsed.resultDesc, receipt: parsed.receipt }, deposit.state === 'review' ? 'review' : 'pending').catch((err: unknown) => {
        // A receipt already used by another deposit: the unique index refuses to count it twice.
        log.error({ err, depositId: deposit.id }, 'callback could not be applied');
        return false;
      });
      if (!moved) log.info({ depositId: deposit.id }, 'callback raced another answer; nothing changed');
    },

    async status(user: { id: number }, checkoutRequestId: string): Promise<Deposit> {
      const [d] = await db.select().from(deposits).where(and(eq(deposits.checkoutRequestId, checkoutRequestId), eq(deposits.userId, user.id)));
      if (!d) throw new HttpError(404, 'Not found.');
      return toDepositView(d, await balanceOf(user.id));
    },

    async history(userId: number): Promise<Deposit[]> {
      const rows = await db.select().from(deposits).where(eq(deposits.userId, userId)).orderBy(desc(deposits.createdAt), desc(deposits.id)).limit(200);
      return rows.map((d) => toDepositView(d, null));
    },

    reschedule: (id: number, checks: number, next: Date) => db.update(deposits).set({ checks, nextCheckAt: next }).where(and(eq(deposits.id, id), eq(deposits.state, 'pending'))),

    /** Pending deposits whose time to be asked about has come (also those whose push was never recorded). */
    due: (now: Date, limit: number) =>
      db
        .select()
        .from(deposits)
        .where(and(eq(deposits.state, 'pending'), sql`${deposits.nextCheckAt} <= ${now}`))
        .orderBy(deposits.nextCheckAt)
        .limit(limit),
  };
}
export type DepositService = ReturnType<typeof createDepositService>;
