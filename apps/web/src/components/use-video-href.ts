import type { Video } from '@store/contract';
import { ownedVideoIds } from '../lib/session.ts';

/**
 * Where choosing a video leads (seed §4): the watch page when the customer owns it, else its store
 * page. Guides go straight to the watch page (seed §2 /guide). Ownership is by video, never by title
 * (seasons share one), and the watch page shows the store page to anyone the server says does not own it.
 */
export function videoHref(video: Pick<Video, 'vidId'>, opts: { guide?: boolean } = {}): string {
  const owned = ownedVideoIds().includes(video.vidId);
  return `/${owned || opts.guide ? 'watch' : 'video'}/${video.vidId}`;
}
