import { useQuery } from '@tanstack/react-query';
import type { Video } from '@store/contract';
import { authRequest } from '../../../lib/auth.ts';
import { isSignedIn } from '../../../lib/session.ts';

/**
 * GET /api/videoDetails/{id}/ as the signed-in customer: for an owner it carries `media` with
 * signed addresses. Polled while the video is still being prepared.
 */
export function useOwnedVideo(id: string | undefined) {
  return useQuery({
    queryKey: ['owned-video', id],
    queryFn: () => authRequest<Video>('GET', `/videoDetails/${encodeURIComponent(id ?? '')}/`),
    enabled: Boolean(id) && isSignedIn(),
    // Signed addresses last hours; refetching on focus would only churn them.
    refetchOnWindowFocus: false,
    staleTime: 10 * 60 * 1000,
    refetchInterval: (q) => {
      const state = q.state.data?.media?.state;
      return state === 'queued' || state === 'processing' ? 3000 : false;
    },
  });
}
