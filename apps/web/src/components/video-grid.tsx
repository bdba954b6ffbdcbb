import './cards.css';
import type { Video } from '@store/contract';
import { useT } from '../lib/i18n.ts';
import { EmptyState, ErrorState } from './states.tsx';
import { VideoCard } from './video-card.tsx';

/** A card's placeholder while its rail loads: plain elements (cards.css), shown by the dozen. */
export function PosterSkeleton() {
  return (
    <div>
      <span className="vc-skeleton vc-skeleton-poster" />
      <span className="vc-skeleton vc-skeleton-line" style={{ width: '80%' }} />
      <span className="vc-skeleton vc-skeleton-line" style={{ width: '40%' }} />
    </div>
  );
}

interface VideoGridProps {
  videos: Video[] | undefined;
  isLoading: boolean;
  isError: boolean;
  onRetry: () => void;
  emptyText: string;
  guide?: boolean;
  skeletons?: number;
}

/** A grid of posters with its loading skeleton, its error (with retry) and its empty text (cards.css). */
export function VideoGrid({ videos, isLoading, isError, onRetry, emptyText, guide, skeletons = 12 }: VideoGridProps) {
  const t = useT();
  if (isError) return <ErrorState onRetry={onRetry} />;
  if (isLoading || !videos) {
    return (
      <div className="vc-grid" role="status" aria-busy="true" aria-label={t('states.loading_videos')}>
        {Array.from({ length: skeletons }, (_, i) => (
          <PosterSkeleton key={i} />
        ))}
      </div>
    );
  }
  if (videos.length === 0) return <EmptyState message={emptyText} />;
  return (
    <ul className="vc-grid">
      {videos.map((v, i) => (
        <li key={v.vidId}>
          <VideoCard video={v} guide={guide} eager={i < 6} sizes="(max-width: 600px) 33vw, 180px" />
        </li>
      ))}
    </ul>
  );
}
