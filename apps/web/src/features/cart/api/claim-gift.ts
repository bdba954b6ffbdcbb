import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GiftClaimResult } from '@store/contract';
import { authRequest } from '../../../lib/auth.ts';
import { rememberBalance } from '../../../lib/session.ts';
import { refreshOwnership } from './order-calls.ts';

/** POST /api/gifts/claim/ `{token}`: the videos become the customer's, any already owned go to the balance; a pass given, one period of it. */
export function useClaimGift() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => authRequest<GiftClaimResult>('POST', '/gifts/claim/', { body: { token } }),
    onSuccess: (result, token) => {
      rememberBalance(result.balance);
      refreshOwnership(client, result.video_ids);
      // A pass given: one more period of theirs (CONTRACT §14).
      if (result.pass) void client.invalidateQueries({ queryKey: ['passes', 'mine'] });
      void client.invalidateQueries({ queryKey: ['gift', token] });
    },
  });
}
