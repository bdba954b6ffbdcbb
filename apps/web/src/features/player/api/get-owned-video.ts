import { useQuery } from '@tanstack/react-query';
import { askAgainOnMount, ownedVideoQuery } from '../../../lib/owned-video.ts';
import { isSignedIn } from '../../../lib/session.ts';

/** The video as the signed-in customer sees it (lib/owned-video.ts), polled while it is still being prepared. */
export function useOwnedVideo(id: string | undefined) {
  return useQuery({
    ...ownedVideoQuery(id),
    enabled: Boolean(id) && isSignedIn(),
    refetchOnMount: (query) => askAgainOnMount(id, query.state),
    refetchInterval: (q) => {
      const state = q.state.data?.media?.state;
      return state === 'queued' || state === 'processing' ? 3000 : false;
    },
  });
}
