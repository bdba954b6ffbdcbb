import { memo, useDeferredValue } from 'react';
import { Link as RouterLink } from 'react-router';
import type { Video } from '@store/contract';
import { useT } from '../lib/i18n.ts';
import { EmptyState, ErrorState } from './states.tsx';
import { PosterSkeleton } from './video-grid.tsx';
import { VideoCard } from './video-card.tsx';
import './cards.css';

interface VideoRailProps {
  title: string;
  moreHref: string;
  videos: Video[] | undefined;
  isLoading?: boolean;
  isError?: boolean;
  onRetry?: () => void;
  emptyText?: string;
}

const RailCards = memo(function RailCards({ videos }: { videos: Video[] | undefined }) {
  return (
    <ul className="rail-list">
      {!videos
        ? Array.from({ length: 6 }, (_, i) => (
            <li key={i}>
              <PosterSkeleton />
            </li>
          ))
        : videos.map((v) => (
            <li key={v.vidId}>
              <VideoCard video={v} sizes="(max-width: 600px) 30vw, 150px" />
            </li>
          ))}
    </ul>
  );
});

/**
 * One home-page section: a heading, a 'more' link and a row of posters that scrolls sideways. Plain
 * elements with classes (cards.css). The cards render from a deferred copy of the answer: a query's
 * answer re-renders at once and holds the main thread, while the deferred render yields to the
 * browser (a rail of ten cards was a long task on a slow phone).
 */
export function VideoRail({ title, moreHref, videos, isLoading, isError, onRetry, emptyText }: VideoRailProps) {
  const t = useT();
  const shown = useDeferredValue(isLoading ? undefined : videos);
  const headingId = `rail-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <section aria-labelledby={headingId} className="rail">
      <div className="rail-head">
        <h2 id={headingId} className="rail-title">
          {title}
        </h2>
        <RouterLink className="rail-more" to={moreHref} aria-label={t('rail.more_label', { title })}>
          {t('rail.more')}
        </RouterLink>
      </div>
      {isError ? <ErrorState onRetry={onRetry} /> : videos && videos.length === 0 ? <EmptyState message={emptyText ?? t('rail.empty')} /> : <RailCards videos={shown} />}
    </section>
  );
}
