import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Page, Video } from '@store/contract';
import { apiGet, initialAnswer } from '../lib/api-client.ts';

export interface VideoQuery {
  page_size: number;
  ordering?: string;
  genre?: string;
  cartegory?: string;
  type?: string;
  dj?: string;
  suggest?: boolean;
  popular?: boolean;
  title?: string;
  page?: number;
  /** KFCB ratings to keep, comma-separated (`GE,PG`): CONTRACT §13. */
  rating?: string;
}

export const videosQueryKey = (q: VideoQuery) => ['videos', q] as const;

export const getVideos = (q: VideoQuery, signal?: AbortSignal) => apiGet<Page<Video>>('/videoDetails/', { ...q }, signal);

/** GET /api/videoDetails/ with the seed's filters and page sizes; the home page's lists are written into it. */
export function useVideos(q: VideoQuery, enabled = true) {
  return useQuery({
    queryKey: videosQueryKey(q),
    queryFn: ({ signal }) => getVideos(q, signal),
    initialData: () => (enabled ? initialAnswer<Page<Video>>('/videoDetails/', { ...q }) : undefined),
    enabled,
    placeholderData: keepPreviousData,
  });
}
