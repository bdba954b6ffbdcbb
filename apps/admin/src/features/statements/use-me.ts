import { useQuery } from '@tanstack/react-query';
import { httpClient } from '../../providers/data-provider.ts';

export interface BackOfficeMe {
  role: 'staff' | 'dj';
  dj_id: number | null;
  dj_name: string | null;
}

/** Who is signed in to the back office: staff, or a DJ's own login and its DJ. */
export const useMe = () => useQuery({ queryKey: ['back-office-me'], queryFn: async () => (await httpClient('/api/admin/me')).json as BackOfficeMe, staleTime: 5 * 60_000 });
