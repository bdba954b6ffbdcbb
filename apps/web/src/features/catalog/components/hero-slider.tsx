import { useMediaQuery } from '../../../lib/use-media-query.ts';
import { useDeferredValue, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { Video } from '@store/contract';
import { formatKsh } from '../../../lib/format.ts';
import { rememberChosenVideo } from '../../../lib/session.ts';
import { useLanguage, useT } from '../../../lib/i18n.ts';
import { videoHref } from '../../../components/use-video-href.ts';
import './hero-slider.css';
import { categoryName } from './category-name.ts';
import { RatingBadge } from '../../../components/rating-badge.tsx';
import { nextSlide, previousSlide, SLIDE_INTERVAL_MS, WIDE_SLIDER_MIN_WIDTH } from './slider-logic.ts';
import { seasonName, synopsisIn } from '../../../components/catalog-words.ts';

const SWIPE_PX = 40;

function Slide({ video, first }: { video: Video; first: boolean }) {
  const t = useT();
  const language = useLanguage();
  const href = videoHref(video);
  return (
    <div className="hero-slide">
      <div className="hero-poster">
        {video.image && (
          <img
            src={video.image_set[1]?.url ?? video.image}
            srcSet={video.image_set.map((s) => `${s.url} ${s.width}w`).join(', ')}
            sizes="150px"
            alt=""
            width={150}
            height={225}
            loading={first ? 'eager' : 'lazy'}
            fetchPriority={first ? 'high' : undefined}
          />
        )}
      </div>
      <div className="hero-text">
        <p className="hero-kicker">
          {video.rating && <RatingBadge rating={video.rating} />} {`${categoryName(t, video.cartegory)} · DJ ${video.dj}`}
        </p>
        <h2 className="hero-title">
          {video.title}
          {video.season ? ` · ${seasonName(t, video.season)}` : ''}
        </h2>
        <p className="hero-synopsis">{synopsisIn(video, language)}</p>
        <Link className="btn btn-contained btn-small" to={href} onClick={() => rememberChosenVideo(video)} aria-label={`${video.title}: ${formatKsh(video.price)}`}>
          {formatKsh(video.price)}
        </Link>
      </div>
    </div>
  );
}

/** The home hero: the 10 newest videos, advancing every 5 s, pausable and swipeable (seed §2, §9). */
export function HeroSlider({ videos: answer, isLoading }: { videos: Video[] | undefined; isLoading: boolean }) {
  const t = useT();
  // Built from a deferred copy of the answer: the render that a query's answer triggers cannot yield
  // to the browser, the deferred one can (the slides were part of a long task on a slow phone).
  const videos = useDeferredValue(isLoading ? undefined : answer);
  const wide = useMediaQuery(`(min-width:${WIDE_SLIDER_MIN_WIDTH}px)`);
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const [hovered, setHovered] = useState(false);
  const swipeStart = useRef<number | null>(null);
  const count = videos?.length ?? 0;
  // Slides are built the first time they come into view: less work before the page can respond.
  const [reached, setReached] = useState(2);
  useEffect(() => setReached((r) => Math.max(r, index + 3)), [index]);

  useEffect(() => {
    if (paused || hovered || count < 2) return;
    const timer = setInterval(() => setIndex((i) => nextSlide(i, count, wide)), SLIDE_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [paused, hovered, count, wide]);

  if (!videos) return <span className="vc-skeleton hero-skeleton" role="status" aria-label={t('catalog.hero_loading')} />;
  if (count === 0) return null;
  const perView = wide ? 2 : 1;
  const shown = Math.min(index, Math.max(0, count - perView));

  return (
    <section
      className="hero"
      aria-roledescription={t('catalog.carousel')}
      aria-label={t('catalog.hero_label')}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onPointerDown={(e) => (swipeStart.current = e.clientX)}
      onPointerUp={(e) => {
        if (swipeStart.current === null) return;
        const dx = e.clientX - swipeStart.current;
        swipeStart.current = null;
        if (dx <= -SWIPE_PX) setIndex((i) => nextSlide(i, count, wide));
        else if (dx >= SWIPE_PX) setIndex((i) => previousSlide(i, count, wide));
      }}
    >
      <div className="hero-track" data-testid="hero-track" data-index={shown} style={{ transform: `translateX(-${(shown * 100) / perView}%)` }}>
        {videos.map((v, i) => {
          // Slides out of view can be neither seen nor reached with the keyboard.
          const offscreen = i < shown || i >= shown + perView;
          return (
            <div key={v.vidId} role="group" aria-roledescription={t('catalog.slide')} aria-label={t('catalog.slide_of', { index: i + 1, count })} aria-hidden={offscreen} inert={offscreen} style={{ flex: `0 0 ${100 / perView}%`, height: '100%' }}>
              {i < reached && <Slide video={v} first={i === 0} />}
            </div>
          );
        })}
      </div>
      <div className="hero-controls">
        <button type="button" className="icon-btn icon-btn-small" onClick={() => setPaused((p) => !p)} aria-label={paused ? t('catalog.slideshow_play') : t('catalog.slideshow_pause')}>
          <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" fill="currentColor">
            {paused ? <path d="M8 5v14l11-7z" /> : <path d="M6 5h4v14H6zm8 0h4v14h-4z" />}
          </svg>
        </button>
        {videos.map((v, i) => (
          <button
            key={v.vidId}
            type="button"
            className="hero-dot"
            onClick={() => setIndex(Math.min(i, Math.max(0, count - perView)))}
            aria-label={t('catalog.slide_show', { index: i + 1 })}
            aria-current={i === shown}
          />
        ))}
      </div>
    </section>
  );
}
