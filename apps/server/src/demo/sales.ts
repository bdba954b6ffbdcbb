import type { Database } from '../db/client.ts';
import { deposits, ledgerEntries, profiles, purchases, users } from '../db/schema.ts';
import { videosNote } from '../modules/wallet/ledger.ts';

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
}
