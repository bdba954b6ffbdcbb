import { useSyncExternalStore } from 'react';

/**
 * What the browser remembers of the signed-in customer, under the seed's storage keys (seed §3):
 * `authorized` (the string 'true' when signed in), `user` and `pic_url` (JSON), `admin`, `myListTitles`.
 * Tokens are not among them: the access token lives in memory only (lib/auth.ts) and the refresh
 * token in an httpOnly cookie that scripts cannot read.
 */
const read = <T>(key: string, fallback: T): T => {
  try {
    const raw = localStorage.getItem(key);
    return raw === null ? fallback : (JSON.parse(raw) as T);
  } catch {
    return fallback;
  }
};

export const isSignedIn = () => localStorage.getItem('authorized') === 'true';
/** The signed-in account's id (what its saved videos are kept under), or null when signed out or not yet known. */
export function signedInAccount(): number | null {
  const id = isSignedIn() ? read<unknown>('account_id', null) : null;
  return typeof id === 'number' && Number.isInteger(id) ? id : null;
}
export const storedUserName = () => read<string | null>('user', null);
export const storedPictureUrl = () => read<string | null>('pic_url', null);
export const isStaff = () => read<boolean>('admin', false);
export const ownedTitles = () => read<string[]>('myListTitles', []);
/** Ids of the videos the server last said this customer owns: only a hint for where a card links. */
export const ownedVideoIds = () => read<number[]>('ownedVideoIds', []);
/** The M-Pesa phone last used on this device, to fill the next payment's field. */
export const rememberedPhone = () => read<string | null>('mpesa_phone', null);
export const storedBalance = () => read<number | null>('balance', null);

const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());

export function rememberSession(s: { username: string; pictureUrl: string | null; isStaff: boolean; accountId?: number | null }) {
  localStorage.setItem('authorized', 'true');
  // A new login whose id is not known yet must not inherit the previous account's (its saved videos).
  if (s.accountId === null) localStorage.removeItem('account_id');
  else if (s.accountId !== undefined) localStorage.setItem('account_id', JSON.stringify(s.accountId));
  localStorage.setItem('user', JSON.stringify(s.username));
  localStorage.setItem('pic_url', JSON.stringify(s.pictureUrl));
  localStorage.setItem('admin', JSON.stringify(s.isStaff));
  notify();
}

/** The account's id as the server said it (/api/info/), for sessions that began before it was kept at login. */
export function rememberAccount(id: number) {
  if (read<unknown>('account_id', null) === id) return;
  localStorage.setItem('account_id', JSON.stringify(id));
  notify();
}

/** Whether the account is staff as the server last said (/api/info/): the side menu's Admin entry. */
export function rememberStaff(staff: boolean) {
  if (isStaff() === staff) return;
  localStorage.setItem('admin', JSON.stringify(staff));
  notify();
}

/** The balance the header shows; the server's figure, remembered after each answer that carries it. */
export function rememberBalance(balance: number) {
  localStorage.setItem('balance', JSON.stringify(balance));
  notify();
}

/**
 * What the customer owns, as the server last said (login, purchases, /api/info/): titles under the
 * seed's `myListTitles` and ids. Both are hints for links only; a page decides from the server.
 */
export function rememberOwned(videos: { video_id: number; video_name: string }[], replace = false) {
  const titles = videos.map((v) => v.video_name);
  const ids = videos.map((v) => v.video_id);
  localStorage.setItem('myListTitles', JSON.stringify(replace ? titles : [...new Set([...ownedTitles(), ...titles])]));
  localStorage.setItem('ownedVideoIds', JSON.stringify(replace ? ids : [...new Set([...ownedVideoIds(), ...ids])]));
  notify();
}

export function rememberPhone(phone: string) {
  localStorage.setItem('mpesa_phone', JSON.stringify(phone));
}

/** Forgets everything the browser kept about the customer (seed §4 logout). */
export function forgetSession() {
  for (const key of ['authorized', 'account_id', 'user', 'pic_url', 'admin', 'balance', 'auth', 'auth_refresh', 'myList', 'myListTitles', 'ownedVideoIds', 'mpesa_phone', 'own', 'ownVideo', 'paid', 'paidVideo']) localStorage.removeItem(key);
  try {
    sessionStorage.removeItem('deposit_history');
    sessionStorage.removeItem('purchase');
  } catch {
    // storage may be unavailable
  }
  notify();
}

/** Re-renders when the customer signs in or out (in this tab or another). */
export function useSession() {
  const key = useSyncExternalStore(
    (cb) => {
      listeners.add(cb);
      window.addEventListener('storage', cb);
      return () => {
        listeners.delete(cb);
        window.removeEventListener('storage', cb);
      };
    },
    () => `${isSignedIn()}|${localStorage.getItem('account_id')}|${localStorage.getItem('user')}|${localStorage.getItem('pic_url')}|${localStorage.getItem('admin')}|${localStorage.getItem('balance')}`,
  );
  void key;
  return { signedIn: isSignedIn(), account: signedInAccount(), name: storedUserName(), picture: storedPictureUrl(), staff: isStaff(), balance: storedBalance() };
}

/** The header's name: lowercased, cut to 4 characters plus an ellipsis, 'Anonymous' by default (seed §2). */
export function shortDisplayName(name: string | null | undefined): string {
  const n = (name ?? '').trim() || 'Anonymous';
  const lower = n.toLowerCase();
  return lower.length > 4 ? `${lower.slice(0, 4)}...` : lower;
}

/** The video a customer chose, kept for the watch page (seed §3 `toPlay`, session scope). */
export function rememberChosenVideo(video: unknown) {
  try {
    sessionStorage.setItem('toPlay', JSON.stringify(video));
  } catch {
    // a full or disabled storage must not stop navigation
  }
}
