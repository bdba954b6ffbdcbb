import { createSessionClient } from '@store/auth-client';
import { currentLocale } from './i18n.ts';
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

/** Who may use the back office: staff, or a DJ's own login (role dj: only their statements and payouts). */
export type BackOfficeRole = 'staff' | 'dj';
let role: BackOfficeRole | null = null;
export const currentRole = () => role;

/** The account's role in the back office, asked of the server (the token does not say); a customer is refused. */
async function roleOf(token: string): Promise<BackOfficeRole> {
  const res = await fetch('/api/admin/me', { headers: { authorization: `Bearer ${token}` } });
  if (res.status === 403) throw new NotStaffError();
  return (await json<{ role: BackOfficeRole }>(res)).role;
}

/** Whether the signed-in account may use the back office (staff or a DJ's login), asked of the server. */
export async function confirmStaff(token: string): Promise<void> {
  role = await roleOf(token);
}

export async function signIn(email: string, password: string): Promise<void> {
  const body = await json<{ is_staff: boolean; tokens: { access: string } }>(
    await fetch('/api/login/', { method: 'POST', headers: { 'content-type': 'application/json', 'accept-language': currentLocale() }, body: JSON.stringify({ email, password }), credentials: 'same-origin' }),
  );
  role = body.is_staff ? 'staff' : await roleOf(body.tokens.access).catch(() => null);
  if (!role) {
    await signOut();
    throw new NotStaffError();
  }
  session.set(body.tokens.access);
}

export async function signOut(): Promise<void> {
  session.set(null);
  role = null;
  await fetch('/api/logout/', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}', credentials: 'same-origin' }).catch(() => undefined);
}
