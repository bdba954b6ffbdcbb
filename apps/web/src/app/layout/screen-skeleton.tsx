import { useLocation } from 'react-router';
import { PosterSkeleton } from '../../components/video-grid.tsx';
import { PlayerWait } from '../../features/player/components/player-wait.tsx';
import { useT } from '../../lib/i18n.ts';

/**
 * What a screen shows while its code arrives: its shape (classes in shell.css and cards.css). The watch
 * page's is the player's place with a spinner and words, not a catalogue's grid (issue 32 item 7).
 */
export function ScreenSkeleton() {
  const t = useT();
  const { pathname } = useLocation();
  if (/^\/(watch|play)\//.test(pathname)) {
    return (
      <div className="screen-skeleton">
        <PlayerWait words={t('states.loading')} />
      </div>
    );
  }
  return (
    <div className="screen-skeleton" role="status" aria-busy="true" aria-label={t('states.loading')}>
      <span className="vc-skeleton skeleton-text" style={{ width: 180, height: 36 }} />
      <div className="screen-skeleton-grid">
        {Array.from({ length: 9 }, (_, i) => (
          <PosterSkeleton key={i} />
        ))}
      </div>
    </div>
  );
}
