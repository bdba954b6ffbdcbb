import { useQuery } from '@tanstack/react-query';
import type { Receipt } from '@store/contract';
import { authRequest } from '../../../lib/auth.ts';

/** GET /api/receipts/{id}/: one of the customer's receipts; asked again while eTIMS has not signed it. */
export function useReceipt(id: string) {
  return useQuery({
    queryKey: ['receipt', id],
    queryFn: () => authRequest<Receipt>('GET', `/receipts/${encodeURIComponent(id)}/`),
    // KRA usually signs within seconds: look again until it has, then the receipt never changes.
    refetchInterval: (q) => (q.state.data && q.state.data.etims.state !== 'signed' ? 3000 : false),
  });
}
