import { useQuery } from '@tanstack/react-query';
import type { Info } from '@store/contract';
import { authRequest } from '../lib/auth.ts';
import { rememberAccount, rememberBalance, rememberOwned, rememberStaff } from '../lib/session.ts';
import { adoptAccountLanguage } from './account-language.ts';

/** GET /api/info/: the signed-in customer, their deposits and purchases (read again on focus: a refund shows). */
export function useInfo(enabled = true) {
  return useQuery({
    queryKey: ['info'],
    enabled,
    queryFn: async () => {
      const info = await authRequest<Info>('GET', '/info/');
      rememberAccount(info.user.id);
      rememberBalance(info.user.profile.account);
      // The menu's Admin entry follows the server's word, not only what was said at sign-in.
      rememberStaff(info.user.is_staff);
      rememberOwned(info.purchase, true);
      void adoptAccountLanguage(info.user.profile);
      return info;
    },
    retry: false,
    staleTime: 0,
  });
}
