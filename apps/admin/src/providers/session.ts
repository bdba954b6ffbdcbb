import { createSessionClient } from '@store/auth-client';
import { currentLocale } from './i18n-provider.ts';
import { w } from './words.ts';

/**
 * The staff member's session: the access token in memory only, renewed from the refresh cookie one
 * request at a time, by the same client as the storefront's (@store/auth-client).
 */
export const session = createSessionClient();

export const setAccessToken = (token: string | null) => session.set(token);
export const currentAccessToken = () => session.current();
/** A new access token from the refresh cookie (shared while one is on its way), or null when there is no session. */
export const renewAccessToken = () => session.renew();

export class NotStaffError extends Error {
  constructor() {
    // A key: react-admin's notifications translate it into the back office's language.
    super(w('auth.not_staff'));
  }
}

async function json<T>(res: Response): Promise<T> {
  const body = (await res.json().catch(() => null)) as (T & { detail?: string }) | null;
  if (!res.ok) throw new Error(body?.detail ?? res.statusText);
  return body as T;
}

/** Whether the signed-in account is staff, asked of the server (the token does not say). */
export async function confirmStaff(token: string): Promise<void> {
  const info = await json<{ user: { is_staff: boolean } }>(await fetch('/api/info/', { headers: { authorization: `Bearer ${token}` } }));
  if (!info.user.is_staff) throw new NotStaffError();
}

export async function signIn(email: string, password: string): Promise<void> {
  const body = await json<{ is_staff: boolean; tokens: { access: string } }>(
    await fetch('/api/login/', { method: 'POST', headers: { 'content-type': 'application/json', 'accept-language': currentLocale() }, body: JSON.stringify({ email, password }), credentials: 'same-origin' }),
  );
  if (!body.is_staff) {
    await signOut();
    throw new NotStaffError();
  }
  session.set(body.tokens.access);
}

export async function signOut(): Promise<void> {
  session.set(null);
  await fetch('/api/logout/', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}', credentials: 'same-origin' }).catch(() => undefined);
}
