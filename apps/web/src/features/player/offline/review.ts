import type { Video } from '@store/contract';
import { ApiError } from '../../../lib/api-client.ts';
import { authRequest } from '../../../lib/auth.ts';
import { signedInAccount } from '../../../lib/session.ts';
import { deleteSavedFiles, moveSavedFiles } from './files.ts';
import { addRemovalNotice, dropUnownedRecord, everySavedRecord, putSavedVideo, rentalEnded, rentalOf, savedVideo, savedVideos, updateSavedVideo, type RemovalNotice, type SavedVideo } from './saved-videos.ts';
import { removeCopy } from './saver.ts';

/** A saved copy the server has not vouched for in this long is removed (CONTRACT §9). */
export const UNCHECKED_LIMIT_MS = 30 * 24 * 60 * 60 * 1000;

/** What the server says of one saved video: still owned, not any more (a refund), or nothing (offline, signed out). */
export type AccessCheck = 'owned' | 'not-owned' | 'unknown';

/** The rule for one saved video, given what the server said and the time now. */
export function decide(video: Pick<SavedVideo, 'checkedAt' | 'rental'>, check: AccessCheck, now: number): 'keep' | RemovalNotice['reason'] {
  // A rented copy goes at its end by this phone's clock, with no network (CONTRACT §11); only the
  // server saying it still plays (bought meanwhile, or a clock ahead) keeps it.
  if (video.rental && check !== 'owned' && (check === 'not-owned' || rentalEnded(video, now))) return video.rental.pass ? 'pass_ended' : 'rental_ended';
  if (check === 'not-owned') return 'refunded';
  if (check === 'owned') return 'keep';
  return now - video.checkedAt > UNCHECKED_LIMIT_MS ? 'unchecked' : 'keep';
}

/**
 * What one answer of GET /videoDetails/{id}/ says of access. Only an answer to a token carries
 * `owned`: a visitor's answer (a session that ended sends none) says nothing about anyone's access.
 */
export function accessIn(video: Pick<Video, 'owned' | 'media' | 'family_locked' | 'rental' | 'pass'>, now = Date.now()): AccessCheck {
  // Under the family lock an owned 16 or 18 comes without its media: still owned, the copy stays.
  if (video.owned === true && (video.media || video.family_locked)) return 'owned';
  // A live rental plays as owned until its end (its copy goes then, see decide).
  if (video.rental && (video.media || video.family_locked)) return 'owned';
  // So does a live pass that covers it (CONTRACT §14); its copy goes at the pass's end.
  if (video.pass && Date.parse(video.pass.ends_at) > now && (video.media || video.family_locked)) return 'owned';
  return video.owned === false ? 'not-owned' : 'unknown';
}

/**
 * Keeps with the signed-in account's copy the rental clock an answer to its token says: a rental's
 * new end once its first play started it, or none once the video is bought.
 */
export function keepRentalClock(video: Pick<Video, 'vidId' | 'owned' | 'rental' | 'pass' | 'media' | 'family_locked'>): void {
  const copy = savedVideo(video.vidId);
  if (!copy || accessIn(video) !== 'owned') return;
  const rental = rentalOf(video);
  if (JSON.stringify(rental) !== JSON.stringify(copy.rental)) updateSavedVideo(video.vidId, { rental });
}

/** Asks the server whether the signed-in account still owns a video, with its token or not at all. */
export async function checkAccess(id: number): Promise<AccessCheck> {
  if (!navigator.onLine) return 'unknown';
  try {
    const video = await authRequest<Video>('GET', `/videoDetails/${id}/`, { signedInOnly: true });
    keepRentalClock(video);
    return accessIn(video);
  } catch (error) {
    // Asked with the account's token, a 404 is the server's answer (an owner is answered even for a
    // video taken off the store). Anything else (no session, offline, a server error) says nothing.
    return error instanceof ApiError && error.status === 404 ? 'not-owned' : 'unknown';
  }
}

/** Copies being removed right now, by account and video (see applyCheck). */
const removing = new Set<string>();

/** Records what the server said of one account's copy, removing it with a notice when access has ended. */
export async function applyCheck(video: SavedVideo, check: AccessCheck, now: number, remove: (copy: SavedVideo & { owner: number }) => Promise<void> = removeCopy): Promise<void> {
  const owner = video.owner;
  if (owner === undefined) return;
  const verdict = decide(video, check, now);
  if (verdict === 'keep') {
    if (check === 'owned') updateSavedVideo(video.id, { checkedAt: now });
    return;
  }
  // Two reviews can run at once (the app's when it starts, the Saved list's when it opens): the copy
  // is removed, and its owner told, once.
  const key = `${owner}:${video.id}`;
  if (removing.has(key) || !everySavedRecord().some((v) => v.owner === owner && v.id === video.id)) return;
  removing.add(key);
  try {
    await remove({ ...video, owner });
  } finally {
    removing.delete(key);
  }
  addRemovalNotice({ owner, id: video.id, title: video.title, reason: verdict });
}

/**
 * Removes every copy on this phone whose rental has ended by the phone's clock, with no network: when
 * the Saved list opens, at Play, and at the end itself. Each owner is told once.
 */
export async function removeEndedRentals(now = Date.now()): Promise<void> {
  for (const video of everySavedRecord()) if (video.owner !== undefined && rentalEnded(video, now)) await applyCheck(video, 'unknown', now);
}

/**
 * A copy saved before copies had owners: the signed-in account takes it once the server says it
 * owns that video (its files move under the account); nobody else sees it, and after 30 days
 * unchecked it goes with no notice, as nobody can be told.
 */
async function reviewUnowned(video: SavedVideo, owner: number | null, check: (id: number) => Promise<AccessCheck>, now: number) {
  if (now - video.checkedAt > UNCHECKED_LIMIT_MS) {
    dropUnownedRecord(video.id);
    return deleteSavedFiles(video);
  }
  if (owner === null || savedVideos().some((v) => v.id === video.id) || (await check(video.id)) !== 'owned') return;
  await moveSavedFiles(video, { id: video.id, owner });
  dropUnownedRecord(video.id);
  putSavedVideo({ ...video, owner, checkedAt: now });
}

/**
 * Checks the signed-in account's saved videos with the server (when the Saved list or the app
 * opens): one it no longer owns is removed with a notice, and so is one the server has not vouched
 * for in 30 days. Other accounts' copies are only aged: gone after 30 days unchecked, with a notice
 * for when their owner signs in.
 */
export async function reviewSavedVideos(check: (id: number) => Promise<AccessCheck> = checkAccess, now = Date.now()): Promise<void> {
  const owner = signedInAccount();
  for (const video of everySavedRecord()) {
    if (video.owner === undefined) await reviewUnowned(video, owner, check, now);
    else await applyCheck(video, video.owner === owner ? await check(video.id) : 'unknown', now);
  }
}
