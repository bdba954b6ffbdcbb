import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client.ts';

/** POST /api/register/: the password is sent as password1 and password2 (seed §5). */
export function useRegister() {
  return useMutation({
    mutationFn: (input: { username: string; email: string; password: string }) =>
      apiPost<{ id: number }>('/register/', { username: input.username, email: input.email, password1: input.password, password2: input.password }),
  });
}

export function useRequestReset() {
  return useMutation({ mutationFn: (input: { email: string }) => apiPost<{ detail: string }>('/password_reset/request/', input) });
}

export function useResetPassword() {
  return useMutation({ mutationFn: (input: { token: string; new_password: string }) => apiPost<{ detail: string }>('/password_reset/reset/', input) });
}
