import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Deposit } from '@store/contract';
import { authRequest } from '../lib/auth.ts';
import { rememberBalance } from '../lib/session.ts';

const POLL_MS = 2000;

/** GET /api/deposit/{id}/ every 2 s until M-Pesa has answered; a completed deposit updates the balance shown. */
export function useDepositStatus(checkoutRequestId: string | null) {
  const client = useQueryClient();
  return useQuery({
    queryKey: ['deposit', checkoutRequestId],
    enabled: Boolean(checkoutRequestId),
    queryFn: async () => {
      const d = await authRequest<Deposit>('GET', `/deposit/${checkoutRequestId}/`);
      if (d.state === 'completed' && d.balance !== null) {
        rememberBalance(d.balance);
        void client.invalidateQueries({ queryKey: ['info'] });
      }
      return d;
    },
    refetchInterval: (q) => (q.state.data && q.state.data.state !== 'pending' ? false : POLL_MS),
    staleTime: 0,
  });
}
