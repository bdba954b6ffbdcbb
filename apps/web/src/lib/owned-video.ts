import type { QueryClient } from '@tanstack/react-query';
import type { Video } from '@store/contract';
import { authRequest } from './auth.ts';

/**
 * GET /api/videoDetails/{id}/ as the signed-in customer: `owned` says whether they may watch it
 * (CONTRACT §8), and for an owner `media` carries signed addresses. The store page and the player
 * share this one answer; it is read again on every visit, so a refund or a purchase shows at once.
 */
export const ownedVideoQuery = (id: string | number | undefined) => ({
  queryKey: ['owned-video', String(id ?? '')],
  queryFn: () => authRequest<Video>('GET', `/videoDetails/${encodeURIComponent(String(id ?? ''))}/`),
  staleTime: 0,
  // Signed addresses last hours; refetching on focus would only churn them.
  refetchOnWindowFocus: false,
});

let openedWith: { id: string; at: number } | undefined;

/** Asks for the video's details as its watch page opens cold (app/router.tsx), while the screen's code is still coming. */
export function prefetchOwnedVideo(client: QueryClient, id: string) {
  openedWith = { id, at: Date.now() };
  return client.prefetchQuery(ownedVideoQuery(id));
}

/**
 * Whether the screen showing this video should ask for it again as it mounts: not when its answer was
 * asked for as the page opened a moment ago (its signed addresses would only churn), unless a purchase
 * or a refund has invalidated it since.
 */
export const askAgainOnMount = (id: string | undefined, answer: { isInvalidated: boolean }) =>
  answer.isInvalidated || openedWith?.id !== String(id ?? '') || Date.now() - openedWith.at > 30_000;
