import { PosterSkeleton } from '../../components/video-grid.tsx';
import { useT } from '../../lib/i18n.ts';

/** What a screen shows while its code arrives: its shape, not a spinner (classes in shell.css and cards.css). */
export function ScreenSkeleton() {
  const t = useT();
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
