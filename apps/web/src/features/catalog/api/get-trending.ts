import { useQuery } from '@tanstack/react-query';
import type { Page, Video } from '@store/contract';
import { apiGet } from '../../../lib/api-client.ts';

/** GET /api/trend/: most bought in the last 30 days (CONTRACT §7). */
export function useTrending(pageSize: number) {
  return useQuery({ queryKey: ['trend', pageSize], queryFn: ({ signal }) => apiGet<Page<Video>>('/trend/', { page_size: pageSize }, signal) });
}
