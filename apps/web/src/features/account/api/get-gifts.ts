import { useQuery } from '@tanstack/react-query';
import type { Gift, Page } from '@store/contract';
import { authRequest } from '../../../lib/auth.ts';

/** GET /api/gifts/: the gifts the customer sent and received, with their state (CONTRACT §11). */
export function useGifts() {
  return useQuery({
    queryKey: ['gifts'],
    queryFn: () => authRequest<Page<Gift>>('GET', '/gifts/', { params: { page_size: 100 } }),
    // A gift is claimed or returned elsewhere: read afresh each time the list is opened.
    staleTime: 0,
  });
}
