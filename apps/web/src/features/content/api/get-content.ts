import { useQuery } from '@tanstack/react-query';
import type { Notification, Page, Person } from '@store/contract';
import { apiGet } from '../../../lib/api-client.ts';

/** GET /api/ceo and /api/about_team, for the about page. */
export function usePeople(kind: 'ceo' | 'about_team') {
  return useQuery({ queryKey: ['people', kind], queryFn: ({ signal }) => apiGet<Page<Person>>(`/${kind}/`, {}, signal) });
}

/** GET /api/notification. */
export function useNotifications() {
  return useQuery({ queryKey: ['notifications'], queryFn: ({ signal }) => apiGet<Page<Notification>>('/notification/', {}, signal) });
}
