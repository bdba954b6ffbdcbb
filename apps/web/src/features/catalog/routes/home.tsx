import type { ReactNode } from 'react';
import { VideoRail } from '../../../components/video-rail.tsx';
import { useDjTotals } from '../api/get-djs.ts';
import { useGenreTotals } from '../api/get-genres.ts';
import { useTrending } from '../api/get-trending.ts';
import { useVideos, type VideoQuery } from '../../../api/get-videos.ts';
import { HeroSlider } from '../components/hero-slider.tsx';
import { LazySection } from '../../../components/lazy-section.tsx';
import { useT } from '../../../lib/i18n.ts';
import '../components/hero-slider.css';

const RAIL_HEIGHT = 290;
const HOME_SECTION = 10;

function QueryRail({ title, moreHref, query, emptyText }: { title: string; moreHref: string; query: VideoQuery; emptyText?: string }) {
  const q = useVideos(query);
  return <VideoRail title={title} moreHref={moreHref} videos={q.data?.results} isLoading={q.isPending} isError={q.isError} onRetry={() => void q.refetch()} emptyText={emptyText} />;
}

function TrendingRail() {
  const t = useT();
  const q = useTrending(HOME_SECTION);
  return <VideoRail title={t('catalog.trending')} moreHref="/trend" videos={q.data?.results} isLoading={q.isPending} isError={q.isError} onRetry={() => void q.refetch()} emptyText={t('catalog.trending_empty')} />;
}

function GenreBlocks() {
  const t = useT();
  const q = useGenreTotals(HOME_SECTION);
  if (q.isError) return <VideoRail title={t('catalog.genres')} moreHref="/genre" videos={undefined} isError onRetry={() => void q.refetch()} />;
  return (
    <>
      {(q.data?.results ?? []).filter((g) => g.video_count > 0).map((g) => (
        <VideoRail key={g.cartId} title={g.title} moreHref={`/genre/${encodeURIComponent(g.title)}`} videos={g.video_details} />
      ))}
    </>
  );
}

function DjBlocks() {
  const t = useT();
  const q = useDjTotals(HOME_SECTION);
  if (q.isError) return <VideoRail title={t('catalog.djs')} moreHref="/deejays" videos={undefined} isError onRetry={() => void q.refetch()} />;
  return (
    <>
      {(q.data?.results ?? []).filter((d) => d.video_count > 0).map((d) => (
        <VideoRail key={d.id} title={`DJ ${d.dj_name}`} moreHref={`/dj/${encodeURIComponent(d.dj_name)}`} videos={d.video_details} />
      ))}
    </>
  );
}

/** The home page (seed §2): the hero of the 10 newest, then its sections, each with a 'more' link; `firstRail` (the app's): Continue watching. */
export function HomeScreen({ firstRail }: { firstRail?: ReactNode }) {
  const t = useT();
  const newest = useVideos({ page_size: HOME_SECTION, ordering: '-date_uploaded' });
  return (
    <>
      <HeroSlider videos={newest.data?.results} isLoading={newest.isPending} />
      {newest.isError && <VideoRail title={t('catalog.newest')} moreHref="/new" videos={undefined} isError onRetry={() => void newest.refetch()} />}
      <div className="home-rails">
        {firstRail}
        <QueryRail title={t('catalog.suggestions')} moreHref="/suggestions" query={{ page_size: HOME_SECTION, suggest: true, ordering: '-date_uploaded' }} emptyText={t('catalog.suggestions_empty')} />
        {/* One rail at a time as each comes near the screen: a phone renders the two it can see, not four at once. */}
        <LazySection minHeight={RAIL_HEIGHT}>
          <TrendingRail />
        </LazySection>
        <LazySection minHeight={RAIL_HEIGHT}>
          <QueryRail title={t('catalog.top_series')} moreHref="/store/series" query={{ page_size: HOME_SECTION, cartegory: 'series', ordering: '-purchase_times' }} emptyText={t('catalog.top_series_empty')} />
        </LazySection>
        <LazySection minHeight={RAIL_HEIGHT}>
          <QueryRail title={t('catalog.top_movies')} moreHref="/store/movie" query={{ page_size: HOME_SECTION, cartegory: 'movie', ordering: '-purchase_times' }} emptyText={t('catalog.top_movies_empty')} />
        </LazySection>
        <LazySection minHeight={RAIL_HEIGHT}>
          <QueryRail title={t('catalog.top_anime')} moreHref="/store/anime" query={{ page_size: HOME_SECTION, cartegory: 'anime', ordering: '-purchase_times' }} emptyText={t('catalog.top_anime_empty')} />
        </LazySection>
        <LazySection minHeight={RAIL_HEIGHT * 4}>
          <GenreBlocks />
        </LazySection>
        <LazySection minHeight={RAIL_HEIGHT * 4}>
          <DjBlocks />
        </LazySection>
      </div>
    </>
  );
}
