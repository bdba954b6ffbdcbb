import { lazy, Suspense, useState } from 'react';
import { savedCopyLocked, useFamilyLock } from '../../../lib/family-lock.ts';
import { useOnline } from '../offline/online.ts';
import type { SavedVideo } from '../offline/saved-videos.ts';

const PinDialog = lazy(() => import('../../../components/pin-dialog.tsx').then((m) => ({ default: m.PinDialog })));

/**
 * A saved copy of a 16 or 18 video asks for the family PIN before it plays (CONTRACT §13), with a
 * network as anywhere else, and with none against the PIN last typed right on this phone.
 * `play(video)` plays at once or asks first; `dialog` is the question when it is asked.
 */
export function useSavedCopyGuard(onPlay: (video: SavedVideo) => void) {
  useFamilyLock();
  const online = useOnline();
  const [asking, setAsking] = useState<SavedVideo | null>(null);
  const play = (video: SavedVideo) => (savedCopyLocked(video.rating) ? setAsking(video) : onPlay(video));
  const dialog = asking && (
    <Suspense fallback={null}>
      <PinDialog
        open
        offline={!online}
        rating={asking.rating ?? '18'}
        onClose={() => setAsking(null)}
        onUnlocked={() => {
          setAsking(null);
          onPlay(asking);
        }}
      />
    </Suspense>
  );
  return { play, dialog };
}
