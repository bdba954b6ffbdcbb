import { lazy } from 'react';
import WatchScreen from '../../features/player/routes/watch.tsx';
import VideoRoute from './video.tsx';

// The Saved videos list comes with the player's words (and its route costs the home page one line).
const SavedScreen = lazy(() => import('../../features/player/routes/saved.tsx'));

/** /watch/{id} and /play/{id}: the player for an owner, the store page for anyone else; /saved: the videos saved on this phone. */
export default function WatchRoute({ layout = 'watch' }: { layout?: 'watch' | 'play' | 'saved' }) {
  if (layout === 'saved') return <SavedScreen />;
  return <WatchScreen layout={layout} storePage={<VideoRoute />} />;
}
