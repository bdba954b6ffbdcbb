import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.ts';
import { adultVideoIds } from './rated-videos-repository.ts';
import { isLockedFor } from './unlock-values.ts';

/**
 * The one copy of CONTRACT §16's rule, "the family lock names nothing it hides": while this request's
 * account is locked (no valid X-Family-Unlock), a row naming a 16 or 18 video leaves the list and is
 * counted in `hidden`; otherwise the list is as it was and `hidden` is 0. A row naming several videos
 * (a gift, a receipt, a ledger entry) goes when any of them is hidden: its title names them all.
 * `videosOf` answers each row's video ids, and is asked only when the account is locked.
 */
export async function withholdLockedBy<T>(request: FastifyRequest, rows: readonly T[], videosOf: (db: Database, rows: readonly T[]) => Promise<number[][]>): Promise<{ shown: T[]; hidden: number }> {
  if (rows.length === 0 || !isLockedFor(request.user, request.headers['x-family-unlock'])) return { shown: [...rows], hidden: 0 };
  const db = request.server.db;
  const ids = await videosOf(db, rows);
  const adult = await adultVideoIds(db, ids.flat());
  const shown = rows.filter((_, i) => !(ids[i] ?? []).some((id) => adult.has(id)));
  return { shown, hidden: rows.length - shown.length };
}

/** The same, for rows that carry their video ids. */
export const withholdLocked = <T>(request: FastifyRequest, rows: readonly T[], videosOf: (row: T) => readonly number[]) =>
  withholdLockedBy(request, rows, async (_db, rs) => rs.map((r) => [...videosOf(r)]));
