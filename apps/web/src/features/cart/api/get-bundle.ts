import { useQuery } from '@tanstack/react-query';
import type { Bundle } from '@store/contract';
import { apiGet } from '../../../lib/api-client.ts';
import { authRequest } from '../../../lib/auth.ts';

/**
 * GET /api/bundles/{id}/: with a token it says which parts the customer owns and `price_for_you`
 * ("complete the set"), so it is read as the customer, and again after anything they buy.
 */
export function useBundle(id: number, signedIn: boolean) {
  return useQuery({
    queryKey: ['bundle', id, signedIn],
    queryFn: ({ signal }) => (signedIn ? authRequest<Bundle>('GET', `/bundles/${id}/`) : apiGet<Bundle>(`/bundles/${id}/`, {}, signal)),
    staleTime: 0,
  });
}
