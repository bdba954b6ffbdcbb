import { useInfiniteQuery } from '@tanstack/react-query';
import { ACTIVITY_PAGE_SIZE, type ActivityPage } from '@store/contract';
import { authRequest } from '../../../lib/auth.ts';

/** GET /api/activity/: the account's balance changes, newest first, a page at a time ("Show more"). */
export function useActivity() {
  return useInfiniteQuery({
    queryKey: ['activity'],
    queryFn: ({ pageParam }) => authRequest<ActivityPage>('GET', '/activity/', { params: { page: pageParam, page_size: ACTIVITY_PAGE_SIZE } }),
    initialPageParam: 1,
    getNextPageParam: (last, _all, page) => (last.next ? page + 1 : undefined),
    // Money moves elsewhere (a deposit, a purchase, a refund by staff): read afresh each time it is opened.
    staleTime: 0,
  });
}
