import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Info, User } from '@store/contract';
import { authRequest } from '../../../lib/auth.ts';
import { rememberBalance, rememberOwned, rememberSession } from '../../../lib/session.ts';

/** GET /api/info/: the signed-in customer, their deposits and purchases (read again on focus: a refund shows). */
export function useInfo(enabled = true) {
  return useQuery({
    queryKey: ['info'],
    enabled,
    queryFn: async () => {
      const info = await authRequest<Info>('GET', '/info/');
      rememberBalance(info.user.profile.account);
      rememberOwned(info.purchase, true);
      return info;
    },
    retry: false,
    staleTime: 0,
  });
}

/** PATCH /api/profile/{buyerid}/ as multipart form data (the picture may come with it). */
export function useUpdateProfile(buyerid: number | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) => authRequest<User>('PATCH', `/profile/${buyerid}/`, { form }),
    onSuccess: (user) => {
      rememberSession({ username: user.username, pictureUrl: user.profile.profile_pic, isStaff: user.is_staff });
      void client.invalidateQueries({ queryKey: ['info'] });
    },
  });
}
