import { useQuery } from '@tanstack/react-query';
import type { ReceiptList } from '@store/contract';
import { authRequest } from '../../../lib/auth.ts';

/**
 * The customer's newest receipt: the one the purchase just made (the database makes it in the
 * purchase's own transaction, so it is there by the time the success screen asks).
 */
export function useLatestReceipt(enabled = true) {
  return useQuery({
    queryKey: ['receipts', 'latest'],
    enabled,
    queryFn: () => authRequest<ReceiptList>('GET', '/receipts/', { params: { page_size: 1 } }).then((l) => l.results[0] ?? null),
    staleTime: 0,
  });
}
