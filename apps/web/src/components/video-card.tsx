import { memo } from 'react';
import { Link } from 'react-router';
import type { Video } from '@store/contract';
import { formatKsh } from '../lib/format.ts';
import { rememberChosenVideo } from '../lib/session.ts';
import { Poster } from './poster.tsx';
import { RatingBadge } from './rating-badge.tsx';
import { videoHref } from './use-video-href.ts';
import './cards.css';
import { useT } from '../lib/i18n.ts';
import { seasonName } from './catalog-words.ts';

interface VideoCardProps {
  video: Video;
  sizes?: string;
  eager?: boolean;
  guide?: boolean;
}

/**
 * A poster, its title and its price. Plain elements with classes (cards.css) rather than MUI's Box and
 * Typography: the home page renders dozens, and each styled component was style work at run time on a
 * slow phone's main thread (bench/web/profile.mjs). Memoized: a rail re-rendering leaves its cards be.
 */
export const VideoCard = memo(function VideoCard({ video, sizes = '(max-width: 600px) 33vw, 160px', eager, guide }: VideoCardProps) {
  const t = useT();
  return (
    <Link className="vc-card" to={videoHref(video, { guide })} onClick={() => rememberChosenVideo(video)}>
      <Poster video={video} sizes={sizes} eager={eager}>
        {video.rating && <RatingBadge rating={video.rating} />}
      </Poster>
      <p className="vc-title">{video.title}</p>
      <p className="vc-meta">
        {video.season ? `${seasonName(t, video.season)} · ` : ''}
        <span className="vc-price">{formatKsh(video.price)}</span>
      </p>
    </Link>
  );
});
