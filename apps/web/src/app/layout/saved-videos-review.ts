import { isSignedIn } from '../../lib/session.ts';

/** Where the player keeps its list of saved videos (features/player/offline/saved-videos.ts). */
const SAVED_VIDEOS_KEY = 'savedVideos';

/**
 * CONTRACT §9: a saved video whose access has ended goes when the phone is next online, whatever
 * screen the customer opens. The check's code is fetched only when there is something to check.
 * Returns the clean-up for an effect.
 */
export function reviewSavedVideosWhenOnline(): () => void {
  const review = () => {
    const list = localStorage.getItem(SAVED_VIDEOS_KEY);
    if (!navigator.onLine || !isSignedIn() || !list || list === '[]') return;
    void import('../../features/player/offline/review.ts').then((m) => m.reviewSavedVideos());
  };
  review();
  window.addEventListener('online', review);
  return () => window.removeEventListener('online', review);
}
