import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ContinueWatchingList, FollowKind, FollowList, FollowState, MarkReadResult, MyNotificationList } from '@store/contract';
import { authRequest } from '../lib/auth.ts';

/** Every query of the customer's own notifications starts with this key: one invalidation refreshes the bell and the list. */
export const myNotificationsKey = ['my-notifications'] as const;

/**
 * GET /api/notifications/mine/ (CONTRACT §15): the customer's own, newest first, with the unread
 * count. Read again when the customer comes back to the tab, so the header's count is fresh.
 */
export function useMyNotifications(enabled: boolean, pageSize = 20) {
  return useQuery({
    queryKey: [...myNotificationsKey, pageSize],
    enabled,
    queryFn: () => authRequest<MyNotificationList>('GET', '/notifications/mine/', { params: { page_size: pageSize }, signedInOnly: true }),
    staleTime: 30_000,
    refetchOnWindowFocus: true,
    retry: false,
  });
}

/** POST /api/notifications/mine/read/: some by id, or all; the bell and the list are read again. */
export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (which: number[] | 'all') => authRequest<MarkReadResult>('POST', '/notifications/mine/read/', { body: which === 'all' ? { all: true } : { ids: which } }),
    onSettled: () => client.invalidateQueries({ queryKey: myNotificationsKey }),
  });
}

export const followsKey = ['follows'] as const;

/** GET /api/follows/: what the customer follows, newest first. */
export function useFollows(enabled = true) {
  return useQuery({ queryKey: followsKey, enabled, queryFn: () => authRequest<FollowList>('GET', '/follows/', { signedInOnly: true }), staleTime: 0, retry: false });
}

const followPath = (kind: FollowKind, id: string) => `/follows/${kind}/${encodeURIComponent(id)}/`;

/** GET /api/follows/{kind}/{id}/: whether the customer follows this DJ (by id) or series (by title). */
export function useFollowState(kind: FollowKind, id: string | null, enabled: boolean) {
  return useQuery({
    queryKey: [...followsKey, kind, id?.toLowerCase()],
    enabled: enabled && id !== null,
    queryFn: () => authRequest<FollowState>('GET', followPath(kind, id!), { signedInOnly: true }),
    staleTime: 0,
    retry: false,
  });
}

/** PUT (follow) or DELETE (stop following) /api/follows/{kind}/{id}/; the lists of follows are read again. */
export function useSetFollow() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, id, on }: { kind: FollowKind; id: string; on: boolean }) => authRequest<FollowState>(on ? 'PUT' : 'DELETE', followPath(kind, id)),
    onSuccess: (state, { kind, id }) => {
      client.setQueryData([...followsKey, kind, id.toLowerCase()], state);
      void client.invalidateQueries({ queryKey: followsKey, exact: true });
    },
  });
}

/** GET /api/continue-watching/: started, not finished, newest first (the home page's first rail). */
export function useContinueWatching(enabled: boolean) {
  return useQuery({
    queryKey: ['continue-watching'],
    enabled,
    queryFn: () => authRequest<ContinueWatchingList>('GET', '/continue-watching/', { signedInOnly: true }),
    staleTime: 0,
    retry: false,
  });
}
