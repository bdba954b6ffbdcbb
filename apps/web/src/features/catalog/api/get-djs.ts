import { useQuery } from '@tanstack/react-query';
import type { DJ, Page } from '@store/contract';
import { apiGet, initialAnswer } from '../../../lib/api-client.ts';

/** GET /api/dj: the DJs, for the header tabs and the DJ chips; written into the pages people land on. */
export function useDjs() {
  return useQuery({
    queryKey: ['djs'],
    queryFn: ({ signal }) => apiGet<Page<DJ>>('/dj/', { page_size: 100 }, signal),
    initialData: () => initialAnswer<Page<DJ>>('/dj/', { page_size: 100 }),
    staleTime: 10 * 60_000,
  });
}

/** GET /api/dj_Total: each DJ with their newest videos, for the home page's per-DJ blocks. */
export function useDjTotals(videosPerDj = 10) {
  return useQuery({
    queryKey: ['dj-totals', videosPerDj],
    queryFn: ({ signal }) => apiGet<Page<DJ>>('/dj_Total/', { videos: videosPerDj, page_size: 100 }, signal),
  });
}
