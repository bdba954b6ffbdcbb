import { memo, useMemo, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useParams } from 'react-router';
import type { Video } from '@store/contract';
import { Poster } from '../../../components/poster.tsx';
import { RatingLine } from '../../../components/rating-badge.tsx';
import { FamilyLockNote } from '../../../components/family-lock-note.tsx';
import { lockedOut, useFamilyLock } from '../../../lib/family-lock.ts';
import { ErrorState } from '../../../components/states.tsx';
import { videoHref } from '../../../components/use-video-href.ts';
import { formatDate, formatKsh, truncateSynopsis } from '../../../lib/format.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useVideo } from '../../../api/get-video.ts';
import { useVideos } from '../../../api/get-videos.ts';
import { useLanguage, useT } from '../../../lib/i18n.ts';
import { categoryName } from '../components/category-name.ts';
import { VideoPreview } from '../components/video-preview.tsx';
import '../../../components/cards.css';
import './video.css';
import { seasonName, synopsisIn } from '../../../components/catalog-words.ts';

/** The similar videos as plain elements with classes (components/cards.css): no styled component per row. */
const SimilarItems = memo(function SimilarItems({ videos }: { videos: Video[] }) {
  const t = useT();
  const language = useLanguage();
  return (
    <ul className="similar-list">
      {videos.map((v) => (
        <li key={v.vidId}>
          <Link className="similar-link" to={videoHref(v)}>
            <div className="similar-poster">
              <Poster video={v} sizes="64px" />
            </div>
            <div className="similar-text">
              <p className="similar-title">
                {v.title}
                {v.season ? ` · ${seasonName(t, v.season)}` : ''}
              </p>
              <p className="similar-synopsis">{truncateSynopsis(synopsisIn(v, language))}</p>
              <span className="vc-meta vc-price">{formatKsh(v.price)}</span>
            </div>
          </Link>
        </li>
      ))}
    </ul>
  );
});

/** 'Similar to': up to 6 of the same genre, newest first, synopsis cut at 100 characters (seed §4, §9). */
function SimilarList({ video }: { video: Video }) {
  const t = useT();
  const q = useVideos({ page_size: 7, genre: video.genre, ordering: '-date_uploaded' });
  const similar = useMemo(() => (q.data?.results ?? []).filter((v) => v.vidId !== video.vidId).slice(0, 6), [q.data, video.vidId]);
  if (q.isError) return <ErrorState onRetry={() => void q.refetch()} />;
  return (
    <section aria-labelledby="similar-heading" className="similar">
      <h2 id="similar-heading" className="similar-heading">
        {t('catalog.similar_to', { title: video.title })}
      </h2>
      {q.isPending ? (
        <ul className="similar-list">
          {Array.from({ length: 4 }, (_, i) => <li key={i} className="vc-skeleton" style={{ height: 96 }} />)}
        </ul>
      ) : (
        <SimilarItems videos={similar} />
      )}
    </section>
  );
}

/**
 * /video/{id}: the store page of a video; /watch and /play show it to anyone who does not own it.
 * What can be done with the video (buying) comes from the app, which composes the features.
 */
export default function VideoScreen({ actions }: { actions: (video: Video) => ReactNode }) {
  const t = useT();
  const language = useLanguage();
  const { id } = useParams();
  const q = useVideo(id);
  useFamilyLock();
  if (q.isError) {
    const missing = q.error instanceof ApiError && q.error.status === 404;
    return (
      <div className="page">
        <ErrorState message={missing ? t('catalog.video_missing') : t('catalog.video_error')} onRetry={missing ? undefined : () => void q.refetch()} />
      </div>
    );
  }
  const v = q.data;
  // Plain elements with classes (video.css, app/layout/shell.css's chips): the page's first render
  // inserts no styles at run time.
  return (
    <div className="page">
      <div className="video-top">
        <div className="video-poster">{v ? <Poster video={v} sizes="240px" eager /> : <span className="vc-skeleton vc-skeleton-poster" />}</div>
        <div className="video-info">
          {v ? (
            <>
              <h1 className="video-title">{v.title}</h1>
              <div className="video-chips">
                {v.season && (
                  <span className="chip">
                    <span>{seasonName(t, v.season)}</span>
                  </span>
                )}
                <Link className="chip chip-outlined chip-secondary" to={`/dj/${encodeURIComponent(v.dj)}`}>
                  <span>DJ {v.dj}</span>
                </Link>
                <Link className="chip chip-outlined" to={`/genre/${encodeURIComponent(v.genre)}`}>
                  <span>{v.genre}</span>
                </Link>
                <Link className="chip chip-outlined" to={`/store/${encodeURIComponent(v.cartegory)}`}>
                  <span>{categoryName(t, v.cartegory)}</span>
                </Link>
              </div>
              {v.rating && <RatingLine rating={v.rating} />}
              <p className="video-price">{formatKsh(v.price)}</p>
              <FamilyLockNote rating={v.rating} />
              {actions(v)}
              {/* The first minute plays too: not on a locked phone for a 16 or 18. */}
              {!lockedOut(v.rating) && <VideoPreview video={v} />}
              <p className="video-synopsis">{synopsisIn(v, language)}</p>
              <p className="video-added">{t('catalog.added_bought', { date: formatDate(v.date_uploaded, { dateOnly: true }), count: v.purchase_times })}</p>
            </>
          ) : (
            <>
              <span className="vc-skeleton skeleton-text" style={{ width: '70%', height: 44 }} />
              <span className="vc-skeleton skeleton-text" style={{ width: 220, height: 32 }} />
              <span className="vc-skeleton skeleton-text" style={{ width: 120, height: 40 }} />
              <span className="vc-skeleton skeleton-text" style={{ height: 80 }} />
            </>
          )}
        </div>
      </div>
      {v && <SimilarList video={v} />}
    </div>
  );
}
