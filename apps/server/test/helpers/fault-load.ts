import type { LightMyRequestResponse } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Database } from '../../src/db/client.ts';
import { djs, genres, ledgerEntries, purchases, videos } from '../../src/db/schema.ts';
import { ledgerMismatches } from '../../src/modules/wallet/wallet.ts';

/** One answer given while a dependency was away. */
export interface Answer {
  kind: string;
  status: number;
  retryAfter: string | undefined;
  body: string;
  /** How long it took to answer. */
  ms: number;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A steady mix of requests through a fault (the fault tests of issue 31): `inFlight` requests are
 * started, the fault begins while they run, every kind is asked again each 100 ms for `faultMs`;
 * then the fault heals and every kind is asked until each has succeeded once (or `giveUpMs`).
 * `send(kind, i)`: the i-th request of a kind. Answers what was answered during the fault and how
 * long after healing every kind was back.
 */
export async function loadThroughFault<K extends string>(opts: {
  kinds: readonly K[];
  send: (kind: K, i: number) => Promise<LightMyRequestResponse>;
  ok: Record<K, number>;
  inFlight: number;
  fault: () => Promise<void> | void;
  heal: () => Promise<void> | void;
  faultMs: number;
  giveUpMs: number;
}) {
  const { kinds, send, ok } = opts;
  const during: Answer[] = [];
  const timed = async (kind: K, i: number) => {
    const started = Date.now();
    const res = await send(kind, i);
    return { kind, res, ms: Date.now() - started };
  };
  const record = ({ kind, res, ms }: { kind: K; res: LightMyRequestResponse; ms: number }) =>
    during.push({ kind, status: res.statusCode, retryAfter: res.headers['retry-after'] as string | undefined, body: res.body, ms });
  const started = Array.from({ length: opts.inFlight }, (_, k) => kinds[k % kinds.length]!).map((kind, k) => timed(kind, Math.floor(k / kinds.length)));
  await pause(10);
  await opts.fault();
  const faultAt = Date.now();
  for (const answer of await Promise.all(started)) record(answer);
  let i = Math.ceil(opts.inFlight / kinds.length);
  while (Date.now() - faultAt < opts.faultMs) {
    for (const answer of await Promise.all(kinds.map((kind) => timed(kind, i)))) record(answer);
    i++;
    await pause(100);
  }
  await opts.heal();
  const healedAt = Date.now();
  const back = new Set<K>();
  while (back.size < kinds.length && Date.now() - healedAt < opts.giveUpMs) {
    for (const kind of kinds) if (!back.has(kind) && (await send(kind, i++)).statusCode === ok[kind]) back.add(kind);
    if (back.size < kinds.length) await pause(100);
  }
  return { during, back: [...back].sort(), backWithinMs: Date.now() - healedAt };
}

/**
 * Every answer during the fault was a success or a 503 with Retry-After and the plain sentence, and
 * each kind in `refused` met at least one such 503 (the fault was noticed).
 */
export function expectSuccessOrTryAgain<K extends string>(during: Answer[], ok: Record<K, number>, refused: readonly K[]) {
  const other = during.filter((d) => d.status !== 503 && d.status !== ok[d.kind as K]);
  expect(other, JSON.stringify(other.slice(0, 3))).toEqual([]);
  const unavailable = during.filter((d) => d.status === 503);
  for (const kind of refused) expect(unavailable.some((d) => d.kind === kind), kind).toBe(true);
  for (const d of unavailable) {
    expect(Number(d.retryAfter), d.kind).toBeGreaterThan(0);
    expect(JSON.parse(d.body)).toEqual({ detail: 'The store is briefly unavailable. Please try again in a moment.' });
  }
  return unavailable;
}

/** `n` published videos at Ksh 10 titled `<title> <i>`, for requests that must not be answered from a cache. */
export async function videosToAsk(db: Database, n: number, title: string): Promise<number[]> {
  // Asked again by a later test of the same file: the DJ and genre are there already.
  await db.insert(djs).values({ djName: 'Zamu' }).onConflictDoNothing();
  await db.insert(genres).values({ title: 'Action' }).onConflictDoNothing();
  const [dj] = await db.select({ id: djs.id }).from(djs).where(eq(djs.djName, 'Zamu'));
  const [genre] = await db.select({ id: genres.id }).from(genres).where(eq(genres.title, 'Action'));
  const slug = title.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  const rows = await db
    .insert(videos)
    .values(Array.from({ length: n }, (_, i) => ({ title: `${title} ${i}`, djId: dj!.id, genreId: genre!.id, cartegory: 'movie' as const, type: 'dj_zamu', price: 10, videoPath: `renditions/${slug}-${i}` })))
    .returning({ id: videos.id });
  return rows.map((v) => v.id);
}

/** Nothing lost or doubled: the ledger matches its entries, and each video the buyer owns was paid for once (one purchase, one debit). */
export async function expectLedgerWhole(db: Database, buyerId: number) {
  expect(await ledgerMismatches(db)).toEqual([]);
  const owned = await db.select({ videoId: purchases.videoId, n: sql<number>`count(*)::int` }).from(purchases).where(eq(purchases.userId, buyerId)).groupBy(purchases.videoId);
  expect(owned.filter((o) => o.n !== 1)).toEqual([]);
  const debits = await db.select({ n: sql<number>`count(*)::int` }).from(ledgerEntries).where(sql`${ledgerEntries.userId} = ${buyerId} AND ${ledgerEntries.amount} < 0`);
  expect(debits[0]!.n).toBe(owned.length);
}
