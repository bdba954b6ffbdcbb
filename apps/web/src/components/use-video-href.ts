import type { Video } from '@store/contract';
import { ownedTitles } from '../lib/session.ts';

/**
 * Where choosing a video leads (seed §4): the watch page when the customer owns it, else its store
 * page. Guides go straight to the watch page (seed §2 /guide).
 */
export function videoHref(video: Pick<Video, 'vidId' | 'title'>, opts: { guide?: boolean } = {}): string {
  const owned = ownedTitles().includes(video.title);
  return `/${owned || opts.guide ? 'watch' : 'video'}/${video.vidId}`;
}
