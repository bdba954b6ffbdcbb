import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User } from '@store/contract';
import { authRequest } from '../../../lib/auth.ts';

/** PATCH /api/members/{id}/: a new e-mail, with the current password it needs (CONTRACT §3). */
export function useChangeEmail(memberId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { email: string; current_password: string } | { email: string; code: string }) => authRequest<User>('PATCH', `/members/${memberId}/`, { body }),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['info'] }),
  });
}
