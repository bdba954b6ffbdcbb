import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../../db/client.ts';
import type { DepositService, StandingOrderService } from '../../payments/index.ts';
import { sellOrder } from '../paid-orders.ts';
import { passRepository as repo } from './pass-repository.ts';
import { passOrder, passSeller } from './pass-seller.ts';
import { tellPass } from './notices.ts';
import { passShares } from './shares.ts';

const HOUR_MS = 3600_000;
/** The reminder goes the day before the end; the one M-Pesa prompt within the last 12 hours, by day. */
export const REMIND_WITHIN_MS = 24 * HOUR_MS;
export const PROMPT_WITHIN_MS = 12 * HOUR_MS;
/** How often the passes task runs: renewals, reminders, and paying DJs for ended periods. */
export const PASSES_EVERY_MS = 5 * 60_000;

/** Nobody is prompted or reminded at night: between 07:00 and 21:00 in Nairobi (every end has such an hour in its last 12). */
export const daytimeInNairobi = (at: Date) => {
  const hour = (at.getUTCHours() + 3) % 24;
  return hour >= 7 && hour < 21;
};

const inTransaction = <T>(db: Database, fn: (tx: Database) => Promise<T>) => db.transaction((t) => fn(t as unknown as Database));

/**
 * Renewal with the customer's word only (CONTRACT §14), and DJs paid for what was watched:
 * - `prompt`: a reminder the day before, then one M-Pesa prompt for the full price on the last day
 *   (never taken from the balance unasked); unpaid, the pass simply ends and the customer is told.
 * - `standing_order`: each Ratiba deduction (credited to the balance by the payments module, once
 *   per M-Pesa receipt) sells one more period; turned off, withdrawn or short, the money stays there.
 */
export function createPassRenewals(deps: { db: Database; deposits: DepositService; standingOrders?: StandingOrderService | undefined; log: FastifyBaseLogger; now?: () => Date }) {
  const { db, log } = deps;
  const now = deps.now ?? (() => new Date());

  deps.standingOrders?.onPayment('pass', async (tx, p) => {
    const found = await repo.byId(tx, p.order.subjectId ?? 0);
    const endsAt = found?.pass.endsAt ?? new Date();
    const renewing = found && found.pass.userId === p.userId && found.pass.renewal === 'standing_order' && found.pass.standingOrderId === p.order.id && found.product.active && p.amount >= found.product.price;
    if (!found || !renewing) {
      // Turned off, withdrawn, or not the price: the deduction is on the balance (never lost), and they are told.
      await tellPass(tx, { userId: p.userId, kind: 'pass_renewal', title: found?.product.title ?? p.order.name, outcome: 'credited', amount: p.amount, endsAt, dedupeKey: `credited:${p.transId}` });
      return;
    }
    // One deduction, one period: the sale's reference is the M-Pesa receipt's.
    const sold = await sellOrder(tx, passSeller, p.userId, passOrder(found.product.id, null, 'standing_order', `pass-ratiba-${p.transId}`));
    if (sold.outcome === 'short') throw new Error('a Ratiba deduction did not cover its pass');
    await tellPass(tx, { userId: p.userId, kind: 'pass_renewal', title: found.product.title, outcome: 'renewed', endsAt: new Date(sold.body.pass.ends_at), dedupeKey: `renewed:${p.transId}` });
  });

  // A deduction after renewal was turned off (the order cancelled here, still live on *334#): on the balance, and they are told.
  deps.standingOrders?.onCredited('pass', async (tx, p) => {
    const found = await repo.byId(tx, p.order.subjectId ?? 0);
    await tellPass(tx, { userId: p.userId, kind: 'pass_renewal', title: found?.product.title ?? p.order.name, outcome: 'credited', amount: p.amount, endsAt: found?.pass.endsAt ?? new Date(), dedupeKey: `credited:${p.transId}` });
  });

  deps.standingOrders?.onResult('pass', async (tx, r) => {
    if (r.ok) return;
    const found = await repo.byId(tx, r.order.subjectId ?? 0);
    if (!found || found.pass.standingOrderId !== r.order.id) return;
    await repo.setRenewal(tx, found.pass.id, { renewal: 'off', standingOrderId: null });
    await tellPass(tx, { userId: found.pass.userId, kind: 'pass_renewal', title: found.product.title, outcome: 'failed', endsAt: found.pass.endsAt, dedupeKey: `order-refused:${r.order.id}` });
  });

  async function remind(at = now()): Promise<number> {
    if (!daytimeInNairobi(at)) return 0;
    let told = 0;
    for (const d of await repo.dueForRenewal(db, REMIND_WITHIN_MS, 'remindedFor')) {
      // A day pass bought today needs no "ends tomorrow": its prompt comes on the day.
      if (d.pass.endsAt.getTime() - d.pass.startsAt.getTime() <= REMIND_WITHIN_MS + HOUR_MS) continue;
      await inTransaction(db, async (tx) => {
        if (!(await repo.mark(tx, d.pass.id, d.pass.endsAt, 'remindedFor'))) return;
        await tellPass(tx, { userId: d.pass.userId, kind: 'pass_ending', title: d.product.title, endsAt: d.pass.endsAt, dedupeKey: `${d.pass.id}:${d.pass.endsAt.getTime()}` });
        told++;
      });
    }
    return told;
  }

  async function prompt(at = now()): Promise<number> {
    if (!daytimeInNairobi(at)) return 0;
    let asked = 0;
    for (const d of await repo.dueForRenewal(db, PROMPT_WITHIN_MS, 'promptedFor')) {
      if (!(await repo.mark(db, d.pass.id, d.pass.endsAt, 'promptedFor'))) continue;
      const dedupeKey = `prompt:${d.pass.id}:${d.pass.endsAt.getTime()}`;
      try {
        if (!d.phone || !d.product.active) throw new Error(d.phone ? 'withdrawn' : 'no phone');
        // The full price by one prompt, never the balance unasked: paid, it is sold as any pass (passSeller).
        await deps.deposits.startForPurchase(d.pass.userId, { amount: d.product.price, phone: d.phone, videoIds: [], order: passOrder(d.product.id, null, 'prompt') }, async () => null);
        await inTransaction(db, (tx) => tellPass(tx, { userId: d.pass.userId, kind: 'pass_renewal', title: d.product.title, outcome: 'prompt', endsAt: d.pass.endsAt, dedupeKey, sms: false }));
        asked++;
      } catch (err) {
        log.warn({ err, pass: d.pass.id }, 'a pass renewal prompt was not sent');
        await inTransaction(db, (tx) => tellPass(tx, { userId: d.pass.userId, kind: 'pass_renewal', title: d.product.title, outcome: 'failed', endsAt: d.pass.endsAt, dedupeKey }));
      }
    }
    return asked;
  }

  /** Pays the DJs of periods that have ended: each period once, whichever process gets it. */
  async function settle(): Promise<number> {
    let settled = 0;
    for (;;) {
      const n = await inTransaction(db, async (tx) => {
        const due = await repo.endedUnsettled(tx, 50);
        for (const period of due) {
          const shares = passShares(period.amount, await repo.secondsByDj(tx, period.id));
          await repo.settle(
            tx,
            period.id,
            shares.map((s) => ({ periodId: period.id, djId: s.djId, title: period.title, seconds: s.seconds, amountCents: s.amountCents, djSharePercent: s.djSharePercent, earnedCents: s.earnedCents })),
          );
        }
        return due.length;
      });
      settled += n;
      if (n < 50) return settled;
    }
  }

  return {
    settle,
    remind,
    prompt,
    /** The recurring 'passes' job. */
    async run() {
      await settle();
      await remind();
      await prompt();
    },
  };
}
export type PassRenewals = ReturnType<typeof createPassRenewals>;
