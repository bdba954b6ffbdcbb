import WatchScreen from '../../features/player/routes/watch.tsx';
import VideoRoute from './video.tsx';

/** /watch/{id} and /play/{id}: the player for an owner, the store page for anyone else. */
export default function WatchRoute({ layout = 'watch' }: { layout?: 'watch' | 'play' }) {
  return <WatchScreen layout={layout} storePage={<VideoRoute />} />;
}
