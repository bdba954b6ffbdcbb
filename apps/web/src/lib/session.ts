/**
 * What the browser remembers of the signed-in customer, under the seed's storage keys (seed §3):
 * `authorized` (the string 'true' when signed in), `user` and `pic_url` (JSON), `myListTitles` (owned titles).
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
export const storedUserName = () => read<string | null>('user', null);
export const storedPictureUrl = () => read<string | null>('pic_url', null);
export const ownedTitles = () => read<string[]>('myListTitles', []);

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
