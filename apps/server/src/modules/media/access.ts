import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';

/**
 * The one rule for media bytes (ARCHITECTURE.md): active staff, or a customer with an unrefunded
 * purchase of the video. Every route that hands out or serves a media address asks this, on every
 * request, so a refund or a staff removal cuts access at once.
 */
export async function canAccess(db: Database, userId: number, videoId: number): Promise<boolean> {
  const result = (await db.execute(sql`
    SELECT EXISTS (
      SELECT 1 FROM users u
      WHERE u.id = ${userId} AND u.is_active
        AND EXISTS (SELECT 1 FROM videos v WHERE v.id = ${videoId})
        AND (u.is_staff OR EXISTS (
          SELECT 1 FROM purchases p WHERE p.user_id = u.id AND p.video_id = ${videoId} AND p.refunded_at IS NULL))
    ) AS ok`)) as unknown as { rows: { ok: boolean }[] };
  return result.rows[0]?.ok === true;
}
