import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LoginResponse, SignInLinkCheck, SignInLinkResponse } from '@store/contract';
import { ApiError, apiPost } from '../lib/api-client.ts';
import { authRequest, setAccessToken } from '../lib/auth.ts';
import { leftOutOfCart, localCart } from '../lib/local-cart.ts';
import type { Cart } from './get-cart.ts';
import { adoptAccountLanguage, forgetAccountLanguage } from './account-language.ts';
import { forgetSession, rememberOwned, rememberSession } from '../lib/session.ts';

/** The queries whose answers belong to one customer. */
const USER_QUERIES = ['info', 'cart', 'owned-video', 'deposit'];

/** The account id an access token names (its `sub`): saved videos are kept under it. Null if unreadable. */
export function accountIdOf(token: string): number | null {
  try {
    const payload = JSON.parse(atob(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as { sub?: unknown };
    const id = Number(payload.sub);
    return Number.isInteger(id) && id > 0 ? id : null;
  } catch {
    return null;
  }
}

/**
 * What signing in does, however it happened (a password, a code, a link, or a visitor's M-Pesa payment
 * naming the account: CONTRACT §16): token in memory, session remembered, carts merged, cache fresh.
 */
export async function startSession(client: QueryClient, res: LoginResponse) {
  setAccessToken(res.tokens.access);
  rememberSession({ username: res.username, pictureUrl: res.profile.profile_pic, isStaff: res.is_staff, accountId: accountIdOf(res.tokens.access) });
  rememberOwned(res.purchase, true);
  // The account's language, or the device's saved on the account when it has none yet.
  await adoptAccountLanguage(res.profile, true);
  // The visitor's browser cart joins the account's; a failure keeps it in the browser for later.
  await mergeLocalCart(new Set(res.purchase.map((p) => p.video_id))).catch(() => undefined);
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

/**
 * POST /api/login/phone/: a sign-in code by SMS to an account's verified phone. The answer is the same
 * whether or not the number has an account (CONTRACT §16).
 */
export function useRequestPhoneCode() {
  return useMutation({ mutationFn: (input: { phone_number: string }) => apiPost<{ detail: string }>('/login/phone/', input) });
}

/** POST /api/login/phone/verify/: the SMS code signs in as a password does. */
export function useSignInWithPhone() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { phone_number: string; code: string }) => apiPost<LoginResponse>('/login/phone/verify/', input),
    onSuccess: (res) => startSession(client, res),
  });
}

/**
 * POST /api/register/quick/: sign-up at checkout with an e-mail and the M-Pesa phone. The answer is
 * the same whether or not the e-mail has an account: a sign-in link arrives by mail, and carries the
 * purchase (`next`, the videos) on (useSignInWithLink).
 */
export function useQuickSignup() {
  return useMutation({
    mutationFn: (input: { email: string; phone_number: string; next: string; video_ids: number[] }) => apiPost<{ detail: string }>('/register/quick/', input),
  });
}

/**
 * POST /api/login/link/check/: a mailed link looked at, not used: whose it is (masked) and whether
 * this browser asked for it (only then does it carry the purchase on by itself).
 */
export function useSignInLinkCheck(token: string) {
  return useQuery({ queryKey: ['sign-in-link', token], queryFn: () => apiPost<SignInLinkCheck>('/login/link/check/', { token }), retry: false, staleTime: Infinity });
}

/** The mailed link's token, claimed once even when the screen asks twice (React's development re-run). */
const claimedLinks = new Map<string, Promise<SignInLinkResponse>>();

/** POST /api/login/link/: signs in with a mailed sign-in link; the videos being bought join the cart. */
export function useSignInWithLink() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => {
      const signIn = async () => {
        const res = await apiPost<SignInLinkResponse>('/login/link/', { token });
        await startSession(client, res);
        if (res.video_ids.length > 0) await authRequest<unknown>('POST', '/cart/merge/', { body: { video_ids: res.video_ids } }).catch(() => undefined);
        return res;
      };
      let claim = claimedLinks.get(token);
      if (!claim) {
        claim = signIn().catch((err: unknown) => {
          // No answer (the connection): the link may still work, so opening it again tries again.
          if (!(err instanceof ApiError)) claimedLinks.delete(token);
          throw err;
        });
        claimedLinks.set(token, claim);
      }
      return claim;
    },
  });
}

/**
 * At login the browser's cart joins the account's (no duplicates, owned videos dropped); what was
 * dropped is kept for the cart page to name, owned or no longer for sale.
 */
export async function mergeLocalCart(owned: ReadonlySet<number>) {
  const items = localCart.items();
  if (items.length === 0) return;
  const cart = await authRequest<Cart>('POST', '/cart/merge/', { body: { video_ids: items.map((i) => i.video_id) } });
  const kept = new Set(cart.results.map((i) => i.video_id));
  leftOutOfCart.save(items.filter((i) => !kept.has(i.video_id)).map((i) => ({ video_id: i.video_id, video_name: i.video_name, owned: owned.has(i.video_id) })));
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
