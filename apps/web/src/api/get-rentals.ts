import { useQuery } from '@tanstack/react-query';
import type { Page, Rental } from '@store/contract';
import { authRequest } from '../lib/auth.ts';

/**
 * GET /api/rentals/: the customer's rentals, newest first (CONTRACT §11). The account lists them; the
 * player reads it again after the first play, when the server has started the clock.
 */
export function useRentals(enabled = true) {
  return useQuery({
    queryKey: ['rentals'],
    queryFn: () => authRequest<Page<Rental>>('GET', '/rentals/', { params: { page_size: 100 } }),
    enabled,
    staleTime: 0,
  });
}
