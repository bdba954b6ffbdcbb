import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginResponse } from '@store/contract';
import { apiPost } from '../lib/api-client.ts';
import { authRequest, setAccessToken } from '../lib/auth.ts';
import { localCart } from '../lib/local-cart.ts';
import { adoptAccountLanguage, forgetAccountLanguage } from './account-language.ts';
import { forgetSession, rememberOwned, rememberSession } from '../lib/session.ts';

/** The queries whose answers belong to one customer. */
const USER_QUERIES = ['info', 'cart', 'owned-video', 'deposit'];

/** What signing in does, however it happened: token in memory, session remembered, carts merged, cache fresh. */
async function startSession(client: QueryClient, res: LoginResponse) {
  setAccessToken(res.tokens.access);
  rememberSession({ username: res.username, pictureUrl: res.profile.profile_pic, isStaff: res.is_staff });
  rememberOwned(res.purchase, true);
  // The account's language, or the device's saved on the account when it has none yet.
  await adoptAccountLanguage(res.profile, true);
  // The visitor's browser cart joins the account's; a failure keeps it in the browser for later.
  await mergeLocalCart().catch(() => undefined);
  // Nothing cached for anyone before (ownership, balance, cart) may show for this customer. The page
  // itself stays on screen (a purchase may be under way in it) while the rest is read again.
  for (const key of USER_QUERIES) client.removeQueries({ queryKey: [key] });
  void client.invalidateQueries();
}

/** POST /api/login/: the access token stays in memory, the refresh token arrives as a cookie. */
export function useLogin() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { email: string; password: string }) => apiPost<LoginResponse>('/login/', input),
    onSuccess: (res) => startSession(client, res),
  });
}

/** POST /api/register/quick/: sign-up at checkout with an e-mail and the M-Pesa phone, signed in at once. */
export function useQuickSignup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { email: string; phone_number: string }) => apiPost<LoginResponse>('/register/quick/', input),
    onSuccess: (res) => startSession(client, res),
  });
}

/** At login the browser's cart joins the account's (no duplicates, owned videos dropped). */
export async function mergeLocalCart() {
  const ids = localCart.items().map((i) => i.video_id);
  if (ids.length === 0) return;
  await authRequest<unknown>('POST', '/cart/merge/', { body: { video_ids: ids } });
  localCart.clear();
}

/** POST /api/logout/: local data is cleared even when the call fails (seed §4). */
export function useLogout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiPost<unknown>('/logout/', {}),
    onSettled: () => {
      setAccessToken(null);
      forgetSession();
      forgetAccountLanguage();
      // The next person on a shared phone must not see this customer's videos or balance.
      for (const key of USER_QUERIES) client.removeQueries({ queryKey: [key] });
    },
  });
}
