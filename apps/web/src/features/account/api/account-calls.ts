import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User } from '@store/contract';
import { authRequest } from '../../../lib/auth.ts';
import { rememberSession } from '../../../lib/session.ts';

/** PATCH /api/profile/{buyerid}/ as multipart form data (the picture may come with it). */
export function useUpdateProfile(buyerid: number | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) => authRequest<User>('PATCH', `/profile/${buyerid}/`, { form }),
    onSuccess: (user) => {
      rememberSession({ username: user.username, pictureUrl: user.profile.profile_pic, isStaff: user.is_staff, accountId: user.id });
      void client.invalidateQueries({ queryKey: ['info'] });
    },
  });
}
