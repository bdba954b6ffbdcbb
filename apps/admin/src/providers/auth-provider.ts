import type { AuthProvider } from 'react-admin';
import { queryClient } from './query-client.ts';
import { w } from './words.ts';
import { confirmStaff, currentAccessToken, currentRole, NotStaffError, renewAccessToken, setAccessToken, signIn, signOut } from './session.ts';

/**
 * react-admin's auth: staff, and DJs' own logins (role dj). A customer's session (from the storefront) is refused, not used.
 * Signing in and out empties the answers cache: nothing one person saw is shown to the next.
 */
export const authProvider: AuthProvider = {
  async login({ username, password }: { username: string; password: string }) {
    queryClient.clear();
    await signIn(username, password);
  },
  async logout() {
    await signOut();
    queryClient.clear();
  },
  async checkAuth() {
    const token = currentAccessToken() ?? (await renewAccessToken());
    if (!token) throw new Error(w('auth.please_sign_in'));
    try {
      await confirmStaff(token);
    } catch (err) {
      setAccessToken(null);
      throw err instanceof NotStaffError ? { message: err.message, redirectTo: '/login' } : err;
    }
  },
  async checkError(error: { status?: number }) {
    if (error.status === 401 || error.status === 403) throw new Error('ra.notification.logged_out');
  },
  /** 'staff', or 'dj' for a DJ's own login: the app shows a DJ only their statements and payouts. */
  async getPermissions() {
    if (currentRole()) return currentRole();
    const token = currentAccessToken() ?? (await renewAccessToken());
    if (token) await confirmStaff(token).catch(() => undefined);
    return currentRole();
  },
};
