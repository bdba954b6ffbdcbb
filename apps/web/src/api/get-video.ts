import { useQuery } from '@tanstack/react-query';
import type { Video } from '@store/contract';
import { apiGet } from '../lib/api-client.ts';

/** GET /api/videoDetails/{id}. */
export function useVideo(id: string | undefined) {
  return useQuery({
    queryKey: ['video', id],
    queryFn: ({ signal }) => apiGet<Video>(`/videoDetails/${encodeURIComponent(id ?? '')}/`, {}, signal),
    enabled: Boolean(id),
  });
}
