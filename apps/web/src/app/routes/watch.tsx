import { lazy, Suspense } from 'react';
import WatchScreen from '../../features/player/routes/watch.tsx';
import { loadNotifyMessages } from '../../features/notifications/messages.ts';

// The store page (Buy, Add to cart, offers) is for a visitor or a customer who does not own the video:
// its code loads only then, so an owner's player does not wait behind it on a slow phone (issue 32 item 7).
// With the follow button's words, as the router loads them for /video/{id}.
const VideoRoute = lazy(() => Promise.all([import('./video.tsx'), loadNotifyMessages()]).then(([m]) => m));

/** /watch/{id} and /play/{id}: the player for an owner, the store page for anyone else. */
export default function WatchRoute({ layout = 'watch' }: { layout?: 'watch' | 'play' }) {
  return (
    <WatchScreen
      layout={layout}
      storePage={
        <Suspense fallback={null}>
          <VideoRoute />
        </Suspense>
      }
    />
  );
}
