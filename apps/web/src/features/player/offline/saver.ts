import type { Rendition, Video } from '@store/contract';
import { authRequest } from '../../../lib/auth.ts';
import { rungBytes } from './data.ts';
import { askToKeepSaved, deleteSavedFiles, savedMasterUrl, savedPosterUrl, savedRungUrl, storedSize, storeSaved } from './files.ts';
import { findRungPlaylist, rewriteRungPlaylist, savedMasterPlaylist } from './playlists.ts';
import { signedInAccount } from '../../../lib/session.ts';
import { dropSavedVideo, putSavedVideo, rentalOf, savedVideo, savedVideos, updateSavedVideo, type SavedVideo } from './saved-videos.ts';

interface NetworkInformation extends EventTarget {
  type?: string;
}
const connection = () => (navigator as Navigator & { connection?: NetworkInformation }).connection;

/** Whether the browser says which kind of network it is on (Chrome on Android does; desktops mostly not). */
export const canTellWifi = () => typeof connection()?.type === 'string';
const onWifi = () => ['wifi', 'ethernet'].includes(connection()?.type ?? '');

/** Saves under way, by account and video: another account's save of the same video is another copy. */
const running = new Map<string, AbortController>();
const runKey = (owner: number | null | undefined, id: number) => `${owner ?? '-'}:${id}`;
export const isRunning = (id: number) => running.has(runKey(signedInAccount(), id));

class HttpError extends Error {}

async function fetchOk(url: string, signal: AbortSignal): Promise<Response> {
  const res = await fetch(url, { signal, credentials: 'same-origin' });
  if (!res.ok) throw new HttpError(`${res.status} for a saved video's file`);
  return res;
}

/** The owner's video with freshly signed addresses: a save, or its resumption, starts from these. */
const freshVideo = (id: number) => authRequest<Video>('GET', `/videoDetails/${id}/`);

/**
 * Saves a video on this phone, or carries on saving it: the chosen rung's playlist, init file and
 * segments, each under a stable name. Files already stored are skipped, so after a pause or a dropped
 * connection only the rest is downloaded.
 */
async function run(id: number): Promise<void> {
  const record = savedVideo(id);
  const key = runKey(record?.owner, id);
  if (!record || running.has(key)) return;
  if (record.wifiOnly && canTellWifi() && !onWifi()) {
    updateSavedVideo(id, { status: 'paused', pausedFor: 'wifi' });
    return;
  }
  const controller = new AbortController();
  running.set(key, controller);
  updateSavedVideo(id, { status: 'saving', pausedFor: undefined });
  const { signal } = controller;
  try {
    const video = await freshVideo(id);
    const stream = video.media?.stream;
    if (!stream) throw new HttpError('No stream to save');
    const masterUrl = new URL(stream, window.location.href).href;
    const rungUri = findRungPlaylist(await (await fetchOk(masterUrl, signal)).text(), record.rung);
    if (!rungUri) throw new HttpError(`No ${record.rung.name} rung`);
    const rungUrl = new URL(rungUri, masterUrl).href;
    const { playlist, files } = rewriteRungPlaylist(await (await fetchOk(rungUrl, signal)).text());
    await storeSaved(savedMasterUrl(record), savedMasterPlaylist(record.rung), 'application/vnd.apple.mpegurl');
    await storeSaved(savedRungUrl(record, record.rung.name, 'index.m3u8'), playlist, 'application/vnd.apple.mpegurl');
    if (record.poster && !(await storedSize(savedPosterUrl(record)))) {
      const poster = await fetch(record.poster, { signal }).catch(() => null);
      if (poster?.ok) await storeSaved(savedPosterUrl(record), await poster.arrayBuffer(), poster.headers.get('content-type') ?? 'image/webp');
    }
    let stored = 0;
    let storedFiles = 0;
    for (const file of files) {
      const fileKey = savedRungUrl(record, record.rung.name, file.name);
      let size = await storedSize(fileKey);
      if (size === null) {
        const bytes = await (await fetchOk(new URL(file.uri, rungUrl).href, signal)).arrayBuffer();
        size = await storeSaved(fileKey, bytes, file.name.endsWith('.m4s') ? 'video/iso.segment' : 'video/mp4');
      }
      stored += size;
      storedFiles++;
      if (signal.aborted) return;
      if (!savedVideo(id)) return; // removed meanwhile, or its account signed out
      updateSavedVideo(id, { storedBytes: stored, storedFiles, files: files.length });
    }
    // Fetching a rental's playlists was its first play (CONTRACT §11): the copy keeps the end that started.
    // An answer with neither (the rental ended meanwhile) keeps the end known, never none.
    const after = rentalOf(video) ? await freshVideo(id).catch(() => null) : null;
    const rental = after && (after.owned === true || after.rental) ? rentalOf(after) : rentalOf(video);
    updateSavedVideo(id, { status: 'saved', storedBytes: stored, storedFiles, files: files.length, checkedAt: Date.now(), rental });
  } catch (error) {
    if (!savedVideo(id) || signal.aborted) return;
    // A dropped connection (fetch's TypeError) carries on by itself once back online; the rest waits for a tap.
    updateSavedVideo(id, { status: 'paused', pausedFor: error instanceof HttpError ? 'customer' : 'connection' });
  } finally {
    if (running.get(key) === controller) running.delete(key);
  }
}

/** Starts saving a video at one rung; its size in MB was shown from the rung's measured bandwidth. */
export async function startSaving(video: Video, rung: Rendition, wifiOnly: boolean): Promise<void> {
  const owner = signedInAccount();
  if (owner === null) return;
  const duration = video.media?.duration ?? 0;
  const now = Date.now();
  putSavedVideo({
    id: video.vidId,
    owner,
    title: video.title,
    season: video.season,
    rating: video.rating,
    poster: video.image,
    rung,
    duration,
    expectedBytes: rungBytes(rung.bandwidth, duration),
    storedBytes: 0,
    files: 0,
    storedFiles: 0,
    status: 'saving',
    wifiOnly,
    savedAt: now,
    checkedAt: now,
    rental: rentalOf(video),
  });
  void askToKeepSaved();
  await run(video.vidId);
}

/** Stops the save of one copy, if one is running. */
function stop(copy: Pick<SavedVideo, 'id' | 'owner'>) {
  const key = runKey(copy.owner, copy.id);
  running.get(key)?.abort();
  running.delete(key);
}

export function pauseSaving(id: number): void {
  stop({ id, owner: signedInAccount() ?? undefined });
  updateSavedVideo(id, { status: 'paused', pausedFor: 'customer' });
}

export const resumeSaving = (id: number) => run(id);

/** Removes one account's saved copy: its record and every stored file. */
export async function removeCopy(copy: SavedVideo & { owner: number }): Promise<void> {
  stop(copy);
  dropSavedVideo(copy.id, copy.owner);
  await deleteSavedFiles(copy);
}

/** Removes the signed-in account's copy of a video (its Remove button). */
export async function removeSaved(id: number): Promise<void> {
  const copy = savedVideo(id);
  if (copy?.owner !== undefined) await removeCopy({ ...copy, owner: copy.owner });
}

// Back online, or on Wi-Fi: what was waiting carries on.
function carryOn(reason: 'connection' | 'wifi') {
  for (const v of savedVideos()) {
    if (v.status === 'paused' && (v.pausedFor === reason || (reason === 'wifi' && v.pausedFor === 'connection'))) void run(v.id);
  }
}
window.addEventListener('online', () => carryOn('connection'));
connection()?.addEventListener?.('change', () => onWifi() && carryOn('wifi'));
// A save the page was closed in the middle of carries on when the player's screens open again.
if (navigator.onLine) for (const v of savedVideos()) if (v.status === 'saving') void run(v.id);
