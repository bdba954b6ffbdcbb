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
