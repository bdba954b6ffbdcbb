/**
 * The staff member's access token, in memory only (as on the storefront); the refresh cookie the
 * server set at login brings a new one after a reload.
 */
let accessToken: string | null = null;

export const setAccessToken = (token: string | null) => {
  accessToken = token;
};
export const currentAccessToken = () => accessToken;

export class NotStaffError extends Error {
  constructor() {
    super('Only staff can use the back office. Sign in with a staff account.');
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

/** A new access token from the refresh cookie, or null when there is no session. */
export async function renewAccessToken(): Promise<string | null> {
  const res = await fetch('/api/token/refresh/', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}', credentials: 'same-origin' });
  if (!res.ok) return null;
  const { access } = (await res.json()) as { access: string };
  accessToken = access;
  return access;
}

export async function signIn(email: string, password: string): Promise<void> {
  const body = await json<{ is_staff: boolean; tokens: { access: string } }>(
    await fetch('/api/login/', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }), credentials: 'same-origin' }),
  );
  if (!body.is_staff) {
    await signOut();
    throw new NotStaffError();
  }
  accessToken = body.tokens.access;
}

export async function signOut(): Promise<void> {
  accessToken = null;
  await fetch('/api/logout/', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}', credentials: 'same-origin' }).catch(() => undefined);
}
