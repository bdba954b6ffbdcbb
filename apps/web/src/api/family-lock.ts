import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FamilyLockState, FamilyUnlockResult, PhoneCodeSent } from '@store/contract';
import { authRequest } from '../lib/auth.ts';
import { familyLockOn, rememberLockState, rememberUnlock } from '../lib/family-lock.ts';

export const familyLockKey = ['family-lock'] as const;

/**
 * GET /api/family-lock/: whether the account's lock is on; remembered on this phone. Turned on or off
 * from another phone: every list is read again, as the server now answers it.
 */
export function useFamilyLockState(enabled = true) {
  const client = useQueryClient();
  return useQuery({
    queryKey: familyLockKey,
    enabled,
    queryFn: async () => {
      const state = await authRequest<FamilyLockState>('GET', '/family-lock/');
      const changed = familyLockOn() !== state.enabled;
      rememberLockState(state.enabled);
      if (changed) void client.invalidateQueries({ predicate: (q) => q.queryKey[0] !== familyLockKey[0] });
      return state;
    },
    staleTime: 60_000,
  });
}

/** Every list and video read again: what the catalogue shows depends on the lock. */
const refreshAll = (client: ReturnType<typeof useQueryClient>, state?: FamilyLockState) => {
  if (state) client.setQueryData(familyLockKey, state);
  return client.invalidateQueries();
};

/** What confirms a change: the password, or for an account with none the SMS code (CONTRACT §16). */
type Confirmation = { password: string } | { code: string };

/** PUT /api/family-lock/ (on, or a new PIN) and DELETE (off), with the password or the SMS code. */
export function useSetFamilyLock() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: ({ on: true; pin: string } | { on: false }) & Confirmation) => {
      const confirmation = 'code' in input ? { code: input.code } : { password: input.password };
      const state = input.on
        ? await authRequest<FamilyLockState>('PUT', '/family-lock/', { body: { pin: input.pin, ...confirmation } })
        : await authRequest<FamilyLockState>('DELETE', '/family-lock/', { body: confirmation });
      rememberLockState(state.enabled);
      return state;
    },
    onSuccess: (state) => refreshAll(client, state),
  });
}

/** POST /api/family-lock/unlock/: the PIN opens this phone for 4 hours. */
export function useUnlockFamily() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (pin: string) => {
      const answer = await authRequest<FamilyUnlockResult>('POST', '/family-lock/unlock/', { body: { pin } });
      await rememberUnlock(answer.unlock, answer.expires_at, pin);
      return answer;
    },
    // Not awaited: what the PIN was typed for (Watch now, Pay) goes on at once, while the lists are read again.
    onSuccess: () => void refreshAll(client),
  });
}

/** POST /api/me/phone-code/: a code by SMS to the account's verified phone, to confirm with instead of a password. */
export function useSendConfirmCode() {
  return useMutation({ mutationFn: () => authRequest<PhoneCodeSent>('POST', '/me/phone-code/') });
}
