import type { Video } from '@store/contract';
import { ApiError } from '../../../lib/api-client.ts';
import { authRequest } from '../../../lib/auth.ts';
import { addRemovalNotice, savedVideos, updateSavedVideo, type RemovalNotice, type SavedVideo } from './saved-videos.ts';
import { removeSaved } from './saver.ts';

/** A saved copy the server has not vouched for in this long is removed (CONTRACT §9). */
export const UNCHECKED_LIMIT_MS = 30 * 24 * 60 * 60 * 1000;

/** What the server says of one saved video: still owned, not any more (a refund), or nothing (offline, signed out). */
export type AccessCheck = 'owned' | 'not-owned' | 'unknown';

/** The rule for one saved video, given what the server said and the time now. */
export function decide(video: Pick<SavedVideo, 'checkedAt'>, check: AccessCheck, now: number): 'keep' | RemovalNotice['reason'] {
  if (check === 'not-owned') return 'refunded';
  if (check === 'owned') return 'keep';
  return now - video.checkedAt > UNCHECKED_LIMIT_MS ? 'unchecked' : 'keep';
}

/** Asks the server whether the signed-in customer still owns a video (its `owned`, lib/owned-video.ts). */
export async function checkAccess(id: number): Promise<AccessCheck> {
  if (!navigator.onLine) return 'unknown';
  try {
    const video = await authRequest<Video>('GET', `/videoDetails/${id}/`);
    return video.owned === false || !video.media ? 'not-owned' : 'owned';
  } catch (error) {
    // Gone from the store is access ended; anything else (offline, signed out, a server error) says nothing.
    return error instanceof ApiError && error.status === 404 ? 'not-owned' : 'unknown';
  }
}

/** Saved videos being removed right now (see applyCheck). */
const removing = new Set<number>();

/** Records what the server said of one saved video, removing it with a notice when access has ended. */
export async function applyCheck(video: SavedVideo, check: AccessCheck, now: number, remove: (id: number) => Promise<void> = removeSaved): Promise<void> {
  const verdict = decide(video, check, now);
  if (verdict === 'keep') {
    if (check === 'owned') updateSavedVideo(video.id, { checkedAt: now });
    return;
  }
  // Two reviews can run at once (the app's when it starts, the Saved list's when it opens): the copy
  // is removed, and the customer told, once.
  if (removing.has(video.id) || !savedVideos().some((v) => v.id === video.id)) return;
  removing.add(video.id);
  try {
    await remove(video.id);
  } finally {
    removing.delete(video.id);
  }
  addRemovalNotice({ title: video.title, reason: verdict });
}

/**
 * Checks every saved video with the server (when the Saved list or the app opens): a refunded one is
 * removed with a notice, and so is one the server has not vouched for in 30 days.
 */
export async function reviewSavedVideos(check: (id: number) => Promise<AccessCheck> = checkAccess, now = Date.now()): Promise<void> {
  for (const video of savedVideos()) await applyCheck(video, await check(video.id), now);
}
