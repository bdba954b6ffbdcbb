import { and, eq, inArray, isNull } from 'drizzle-orm';
import { ADULT_RATINGS, AGE_CONFIRMATION_NEEDED, FAMILY_LOCK_ON } from '@store/contract';
import type { Database } from '../../db/client.ts';
import { users, videos } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { isLockedFor } from './unlock-values.ts';

/**
 * The one check every way of selling asks before it sells (purchase, checkout, rental, bundle, gift;
 * CONTRACT §13), with the ids of the videos it would sell. When one is rated 16 or 18:
 * - while the buyer's family lock is on, only a request carrying its unlock value may buy (403 `family_lock`);
 * - until the buyer has confirmed their age once, 403 `age_confirmation_required`; a request with
 *   `age_confirmed: true` goes ahead and stores the confirmation with its time.
 * Give it the transaction that sells (or the database before it): a confirmation stays stored when
 * the sale then fails for another reason (a short balance): the customer did say it.
 */
export async function requireAgeConfirmation(
  tx: Database,
  userId: number,
  videoIds: readonly number[],
  ageConfirmed: boolean | undefined,
  familyUnlock?: string | string[] | undefined,
): Promise<void> {
  if (videoIds.length === 0) return;
  const [adult] = await tx
    .select({ id: videos.id })
    .from(videos)
    .where(and(inArray(videos.id, [...videoIds]), inArray(videos.rating, [...ADULT_RATINGS])))
    .limit(1);
  if (!adult) return;
  const [buyer] = await tx.select({ id: users.id, ageConfirmedAt: users.ageConfirmedAt, familyLockPinHash: users.familyLockPinHash }).from(users).where(eq(users.id, userId));
  // An unknown buyer is the seller's own 404 to give.
  if (!buyer) return;
  if (isLockedFor(buyer, familyUnlock)) throw new HttpError(403, FAMILY_LOCK_ON, { family_lock: true });
  if (buyer.ageConfirmedAt) return;
  if (ageConfirmed !== true) throw new HttpError(403, AGE_CONFIRMATION_NEEDED, { age_confirmation_required: true });
  await tx.update(users).set({ ageConfirmedAt: new Date() }).where(and(eq(users.id, userId), isNull(users.ageConfirmedAt)));
}
