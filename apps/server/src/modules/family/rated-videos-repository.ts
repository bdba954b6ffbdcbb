import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { ADULT_RATINGS } from '@store/contract';
import type { Database } from '../../db/client.ts';
import { ledgerEntries, receipts, saleLines, videos } from '../../db/schema.ts';

/** Of these videos, the ones rated 16 or 18: what the family lock hides. */
export async function adultVideoIds(db: Database, ids: readonly number[]): Promise<Set<number>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Set();
  const rows = await db.select({ id: videos.id }).from(videos).where(and(inArray(videos.id, unique), inArray(videos.rating, [...ADULT_RATINGS])));
  return new Set(rows.map((r) => r.id));
}

const grouped = (ids: readonly number[], pairs: { key: number; videoId: number | null }[]) =>
  ids.map((id) => pairs.filter((p) => p.key === id && p.videoId !== null).map((p) => p.videoId!));

/** The videos each receipt is for: its sale's lines, found by the ledger entry both are written under (kind, reference). */
export async function videosOfReceipts(db: Database, receiptIds: readonly number[]): Promise<number[][]> {
  if (receiptIds.length === 0) return [];
  const pairs = await db
    .select({ key: receipts.id, videoId: saleLines.videoId })
    .from(receipts)
    .innerJoin(saleLines, and(eq(saleLines.ledgerKind, receipts.ledgerKind), eq(saleLines.reference, receipts.reference), isNotNull(saleLines.videoId)))
    .where(inArray(receipts.id, [...receiptIds]));
  return grouped(receiptIds, pairs);
}

/** The videos each ledger entry paid or refunded: the sale lines written under it. */
export async function videosOfLedgerEntries(db: Database, entryIds: readonly number[]): Promise<number[][]> {
  if (entryIds.length === 0) return [];
  const pairs = await db
    .select({ key: ledgerEntries.id, videoId: saleLines.videoId })
    .from(ledgerEntries)
    .innerJoin(saleLines, and(eq(saleLines.ledgerKind, ledgerEntries.kind), eq(saleLines.reference, ledgerEntries.reference), isNotNull(saleLines.videoId)))
    .where(inArray(ledgerEntries.id, [...entryIds]));
  return grouped(entryIds, pairs);
}
