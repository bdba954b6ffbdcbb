import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Deposit } from '@store/contract';
import { authRequest } from '../../../lib/auth.ts';
import { rememberBalance } from '../../../lib/session.ts';

export interface DepositStarted {
  success: true;
  CheckoutRequestID: string;
  CustomerMessage: string;
  deposit: Deposit;
  simulator_phone: string | null;
}

/** POST /api/deposit/ with the seed's fields: the buyer id goes as `username`. */
export function useStartDeposit() {
  return useMutation({
    mutationFn: (input: { amount: number; phone_number: string; username: number }) => authRequest<DepositStarted>('POST', '/deposit/', { body: input }),
  });
}

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
