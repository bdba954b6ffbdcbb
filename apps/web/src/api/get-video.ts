import { useQuery } from '@tanstack/react-query';
import type { Video } from '@store/contract';
import { apiGet, initialAnswer } from '../lib/api-client.ts';

const videoPath = (id: string | undefined) => `/videoDetails/${encodeURIComponent(id ?? '')}/`;

/** GET /api/videoDetails/{id}; a shared link's page has it written in (storefront-pages.ts). */
export function useVideo(id: string | undefined) {
  return useQuery({
    queryKey: ['video', id],
    queryFn: ({ signal }) => apiGet<Video>(videoPath(id), {}, signal),
    initialData: () => (id ? initialAnswer<Video>(videoPath(id)) : undefined),
    enabled: Boolean(id),
  });
}
