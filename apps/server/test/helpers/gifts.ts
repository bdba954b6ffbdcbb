import { desc, inArray } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Gift, GiftCreated } from '@store/contract';
import type { Database } from '../../src/db/client.ts';
import { mediaJobs } from '../../src/db/schema.ts';
import type { TestApp } from './test-app.ts';

/** The claim token in the newest gift notice (SMS or mail) queued. */
export async function lastClaimToken(db: Database): Promise<string> {
  const [job] = await db.select().from(mediaJobs).where(inArray(mediaJobs.kind, ['sms', 'mail'])).orderBy(desc(mediaJobs.id)).limit(1);
  const text = JSON.stringify(job?.payload ?? null);
  const token = /\/gift\/([\w-]+)/.exec(text)?.[1];
  expect(token, `no claim link in ${text}`).toBeDefined();
  return token!;
}

/** A gift paid from the giver's balance through POST /api/gifts/, and the token its notice carries. */
export async function paidGiftForTest(
  t: TestApp,
  o: { giver: { auth: Record<string, string> }; videoIds?: number[]; bundleId?: number; toPhone?: string; toEmail?: string; message?: string },
): Promise<{ gift: Gift; token: string }> {
  const payload = {
    ...(o.bundleId !== undefined ? { bundle_id: o.bundleId } : { video_ids: o.videoIds }),
    ...(o.toPhone ? { to_phone: o.toPhone } : { to_email: o.toEmail }),
    message: o.message ?? '',
  };
  const res = await t.app.inject({ method: 'POST', url: '/api/gifts/', headers: o.giver.auth, payload });
  expect(res.statusCode, res.body).toBe(201);
  return { gift: res.json<GiftCreated>().gift, token: await lastClaimToken(t.database.db) };
}
