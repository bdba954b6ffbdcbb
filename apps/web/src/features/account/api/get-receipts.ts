import { useInfiniteQuery } from '@tanstack/react-query';
import { RECEIPTS_PAGE_SIZE, type ReceiptList } from '@store/contract';
import { authRequest } from '../../../lib/auth.ts';

/** GET /api/receipts/: the account's tax invoices and credit notes, newest first, a page at a time. */
export function useReceipts() {
  return useInfiniteQuery({
    queryKey: ['receipts'],
    queryFn: ({ pageParam }) => authRequest<ReceiptList>('GET', '/receipts/', { params: { page: pageParam, page_size: RECEIPTS_PAGE_SIZE } }),
    initialPageParam: 1,
    getNextPageParam: (last, _all, page) => (last.next ? page + 1 : undefined),
    staleTime: 0,
  });
}
