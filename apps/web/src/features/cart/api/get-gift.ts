import { useQuery } from '@tanstack/react-query';
import type { GiftClaimPreview } from '@store/contract';
import { apiGet } from '../../../lib/api-client.ts';

/** GET /api/gifts/claim/{token}/: what the claim page shows anyone holding the link (no prices, no recipient). */
export function useGiftPreview(token: string | undefined) {
  return useQuery({
    queryKey: ['gift', token],
    queryFn: ({ signal }) => apiGet<GiftClaimPreview>(`/gifts/claim/${encodeURIComponent(token ?? '')}/`, {}, signal),
    enabled: Boolean(token),
    staleTime: 0,
  });
}
