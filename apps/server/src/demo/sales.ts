import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { deposits, ledgerEntries, profiles, purchases, users } from '../db/schema.ts';
import { videosNote } from '../modules/wallet/index.ts';

const DAY = 24 * 3600 * 1000;
const BUYERS = ['achieng', 'baraka', 'chebet', 'daudi', 'esther', 'faraji', 'gathoni', 'halima', 'imani', 'jabari', 'kamau', 'lulu', 'mwangi', 'nafula', 'otieno', 'pendo', 'rehema', 'sifa', 'tumaini', 'wairimu'];

interface SoldVideo {
  id: number;
  title: string;
  season: string | null;
  price: number;
  dateUploaded: Date;
}

/**
 * A month of trade for the demo store, so the back office's dashboard, customers, deposits and ledger
 * show what a running store looks like: twenty customers who topped up with M-Pesa and bought videos
 * on days spread over the last 30. Written as the real flows write them: a completed deposit and its
 * ledger credit, then each purchase with its ledger debit, balances never below zero, so
 * `ledger:verify` holds. These customers cannot sign in (their password is random and never shown).
 */
export async function addDemoSales(tx: Database, videos: SoldVideo[], unusablePasswordHash: string, random: () => number, now = Date.now()): Promise<void> {
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)]!;
  const joined = BUYERS.map(() => now - (31 + Math.floor(random() * 20)) * DAY).sort((a, b) => a - b);
  const ids = await tx
    .insert(users)
    .values(BUYERS.map((name, n) => ({ username: name, email: `${name}@demo.videostore.co.ke`, passwordHash: unusablePasswordHash, dateJoined: new Date(joined[n]!) })))
    .returning({ id: users.id });
  const payments: (typeof deposits.$inferInsert)[] = [];
  const entries: (typeof ledgerEntries.$inferInsert)[] = [];
  const bought: (typeof purchases.$inferInsert)[] = [];
  const accounts: (typeof profiles.$inferInsert)[] = [];
  for (const [n, { id: userId }] of ids.entries()) {
    const phone = `2547${String(10_000_000 + n * 3_797_011).slice(0, 8)}`;
    const owned = new Set<number>();
    let balance = 0;
    // Two or three top-ups in time order, each followed by what it paid for.
    const topUps = Array.from({ length: 2 + Math.floor(random() * 2) }, () => now - Math.floor(random() * 29 * DAY) - 3600_000).sort((a, b) => a - b);
    for (const [d, at] of topUps.entries()) {
      const amount = pick([100, 200, 250, 300, 500]);
      const receipt = `DEMO${String(n).padStart(2, '0')}${d}X${Math.floor(random() * 1e6).toString(36).toUpperCase()}`;
      payments.push({
        userId,
        amount,
        phone,
        state: 'completed',
        callbackSecret: `demo-${userId}-${d}`,
        checkoutRequestId: `ws_CO_DEMO_${userId}_${d}`,
        merchantRequestId: `demo-${userId}-${d}`,
        resultCode: '0',
        resultDesc: 'The service request is processed successfully.',
        receipt,
        createdAt: new Date(at),
        settledAt: new Date(at + 20_000),
      });
      balance += amount;
      entries.push({ userId, kind: 'deposit', amount, balanceAfter: balance, reference: receipt, note: `M-Pesa ${phone}`, createdAt: new Date(at + 20_000) });
      for (let tries = 0; tries < 4; tries++) {
        const v = pick(videos);
        const boughtAt = new Date(at + (tries + 1) * 600_000);
        if (owned.has(v.id) || v.price > balance || v.dateUploaded >= boughtAt) continue;
        owned.add(v.id);
        balance -= v.price;
        entries.push({ userId, kind: 'purchase', amount: -v.price, balanceAfter: balance, reference: `demo-purchase-${userId}-${v.id}`, note: videosNote([v]), createdAt: boughtAt });
        bought.push({ userId, videoId: v.id, price: v.price, createdAt: boughtAt });
      }
    }
    accounts.push({ userId, phoneNumber: phone, city: pick(['Nairobi', 'Mombasa', 'Kisumu', 'Nakuru', 'Eldoret']), account: balance });
  }
  // Inserted oldest first, so ids follow time as they do in a real store's tables.
  const byTime = <T extends { createdAt?: Date | undefined }>(xs: T[]) => xs.sort((a, b) => a.createdAt!.getTime() - b.createdAt!.getTime());
  await tx.insert(profiles).values(accounts);
  await tx.insert(deposits).values(byTime(payments));
  await tx.insert(ledgerEntries).values(byTime(entries));
  await tx.insert(purchases).values(byTime(bought));
  await addSaleLines(tx);
}

/**
 * A sale line for each demo purchase that has none yet, under its ledger entry's reference, as
 * buy_videos writes them (migration 0016), so receipts and DJ statements cover the demo's trade.
 */
async function addSaleLines(tx: Database): Promise<void> {
  await tx.execute(sql`
    WITH lines AS (
      INSERT INTO sale_lines (ledger_kind, reference, kind, user_id, video_id, dj_id, title, list_price, amount, created_at)
      SELECT 'purchase', 'demo-purchase-' || p.user_id || '-' || p.video_id, 'purchase', p.user_id, p.video_id, v.dj_id,
             v.title || coalesce(' (' || v.season || ')', ''), p.price, p.price, p.created_at
        FROM purchases p JOIN videos v ON v.id = p.video_id
       WHERE p.sale_line_id IS NULL AND p.refunded_at IS NULL
      RETURNING id, user_id, video_id)
    UPDATE purchases p SET sale_line_id = lines.id FROM lines
     WHERE p.user_id = lines.user_id AND p.video_id = lines.video_id AND p.sale_line_id IS NULL AND p.refunded_at IS NULL`);
}

/** How many videos the demo customer owns: a newcomer who signs in sees a library that plays. */
export const DEMO_LIBRARY_SIZE = 3;

/**
 * The videos the demo customer owns: the newest uploaded at least three days ago that are not among
 * the newest `clips` (those the store sells first), so each has a clip of its own and was bought
 * after it was added.
 */
export function demoLibrary<V extends { id: number; dateUploaded: Date }>(videos: V[], clips: number, now = Date.now()): V[] {
  const newestFirst = [...videos].sort((a, b) => b.dateUploaded.getTime() - a.dateUploaded.getTime());
  return newestFirst.slice(Math.min(clips, DEMO_LIBRARY_SIZE)).filter((v) => v.dateUploaded.getTime() < now - 3 * DAY).slice(0, DEMO_LIBRARY_SIZE);
}

/**
 * The demo customer's own history, as the real flows write it: the opening balance staff gave two
 * weeks ago (an adjustment), an M-Pesa deposit two days ago and the library it paid for, a purchase
 * each. The balance ends where it started (`opening`), every entry with the balance it left.
 */
export async function addDemoCustomerHistory(tx: Database, c: { userId: number; phone: string; opening: number; library: SoldVideo[] }, now = Date.now()): Promise<void> {
  const paid = c.library.reduce((sum, v) => sum + v.price, 0);
  const openedAt = new Date(now - 14 * DAY);
  const depositedAt = new Date(now - 2 * DAY);
  const receipt = 'DEMOWNJK01';
  const entries: (typeof ledgerEntries.$inferInsert)[] = [
    { userId: c.userId, kind: 'adjustment', amount: c.opening, balanceAfter: c.opening, reference: `demo-opening-balance-${c.userId}`, note: 'Demo store opening balance', createdAt: openedAt },
    { userId: c.userId, kind: 'deposit', amount: paid, balanceAfter: c.opening + paid, reference: receipt, note: `M-Pesa ${c.phone}`, createdAt: depositedAt },
  ];
  let balance = c.opening + paid;
  const bought = c.library.map((v, i) => {
    balance -= v.price;
    const at = new Date(depositedAt.getTime() + (i + 1) * 60_000);
    entries.push({ userId: c.userId, kind: 'purchase', amount: -v.price, balanceAfter: balance, reference: `demo-purchase-${c.userId}-${v.id}`, note: videosNote([v]), createdAt: at });
    return { userId: c.userId, videoId: v.id, price: v.price, createdAt: at };
  });
  await tx.update(profiles).set({ account: balance }).where(eq(profiles.userId, c.userId));
  await tx.insert(deposits).values({
    userId: c.userId,
    amount: paid,
    phone: c.phone,
    state: 'completed',
    callbackSecret: `demo-${c.userId}-library`,
    checkoutRequestId: `ws_CO_DEMO_${c.userId}_library`,
    merchantRequestId: `demo-${c.userId}-library`,
    resultCode: '0',
    resultDesc: 'The service request is processed successfully.',
    receipt,
    createdAt: new Date(depositedAt.getTime() - 20_000),
    settledAt: depositedAt,
  });
  await tx.insert(ledgerEntries).values(entries);
  if (bought.length) await tx.insert(purchases).values(bought);
  await addSaleLines(tx);
}
