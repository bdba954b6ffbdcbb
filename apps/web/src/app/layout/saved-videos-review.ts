import { loadCartMessages } from '../../features/cart/messages.ts';
import { loadPlayerMessages } from '../../features/player/messages.ts';
import { onSavedCopiesChange, ownSavedCopies, readList, SAVED_VIDEOS_KEY } from '../../lib/saved-copies.ts';
import { isSignedIn } from '../../lib/session.ts';

/**
 * The code an account with saved videos needs to list and play them with no network: the Saved list,
 * the watch screen, the player, hls.js and the captions parser Vidstack loads for subtitles, with
 * their words. The phone downloaded it to save them; fetched again here (from the HTTP cache, or once
 * after a deploy changed it) it stays in the service worker's cache of code (decision 0035).
 */
export const keepSavedVideoCodeForOffline = () =>
  Promise.all([
    import('../routes/saved.tsx'),
    import('../../features/player/routes/saved.tsx'),
    import('../routes/watch.tsx'),
    import('../../features/player/components/video-player.tsx'),
    import('hls.js/light'),
    import('media-captions'),
    import('../../components/themed.tsx'),
    loadPlayerMessages(),
    loadCartMessages(),
  ]).catch(() => undefined);

/** After the page's load and once the browser is idle: never in the way of the first screen. */
function whenPageSettled(run: () => void) {
  const idle = () => ('requestIdleCallback' in window ? requestIdleCallback(run, { timeout: 5000 }) : setTimeout(run, 1000));
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}

/**
 * CONTRACT §9: a saved video whose access has ended goes when the phone is next online, whatever
 * screen the customer opens. The check's code is fetched only when there is something to check; an
 * account with copies also keeps the code to play them offline. Returns the clean-up for an effect.
 */
export function reviewSavedVideosWhenOnline(): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  // A copy saved under a rental goes at its end by this phone's clock, network or not (CONTRACT §11):
  // now if it has ended, else when the first one ends while the app is open.
  const removeEndedRentals = () => {
    clearTimeout(timer);
    const ends = readList<{ rental?: { expires_at: string } }>(SAVED_VIDEOS_KEY).flatMap((r) => (r.rental ? [Date.parse(r.rental.expires_at)] : []));
    if (ends.length === 0) return;
    if (ends.some((end) => !(end > Date.now()))) void import('../../features/player/offline/review.ts').then((m) => m.removeEndedRentals());
    const next = Math.min(...ends.filter((end) => end > Date.now()));
    if (Number.isFinite(next)) timer = setTimeout(removeEndedRentals, Math.min(2 ** 31 - 1, next - Date.now() + 500));
  };
  const review = () => {
    removeEndedRentals();
    const list = localStorage.getItem(SAVED_VIDEOS_KEY);
    if (!navigator.onLine || !isSignedIn() || !list || list === '[]') return;
    void import('../../features/player/offline/review.ts').then((m) => m.reviewSavedVideos());
    if (ownSavedCopies().count > 0) whenPageSettled(() => void keepSavedVideoCodeForOffline());
  };
  review();
  window.addEventListener('online', review);
  // A rental saved meanwhile (or its end moved by its first play) gets its timer.
  const stopWatching = onSavedCopiesChange(removeEndedRentals);
  return () => {
    window.removeEventListener('online', review);
    stopWatching();
    clearTimeout(timer);
  };
}
