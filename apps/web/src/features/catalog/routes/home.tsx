import Box from '@mui/material/Box';
import { VideoRail } from '../../../components/video-rail.tsx';
import { useDjTotals } from '../api/get-djs.ts';
import { useGenreTotals } from '../api/get-genres.ts';
import { useTrending } from '../api/get-trending.ts';
import { useVideos, type VideoQuery } from '../../../api/get-videos.ts';
import { HeroSlider } from '../components/hero-slider.tsx';
import { LazySection } from '../../../components/lazy-section.tsx';

const RAIL_HEIGHT = 290;
const HOME_SECTION = 10;

function QueryRail({ title, moreHref, query, emptyText }: { title: string; moreHref: string; query: VideoQuery; emptyText?: string }) {
  const q = useVideos(query);
  return <VideoRail title={title} moreHref={moreHref} videos={q.data?.results} isLoading={q.isPending} isError={q.isError} onRetry={() => void q.refetch()} emptyText={emptyText} />;
}

function TrendingRail() {
  const q = useTrending(HOME_SECTION);
  return <VideoRail title="Trending Now" moreHref="/trend" videos={q.data?.results} isLoading={q.isPending} isError={q.isError} onRetry={() => void q.refetch()} emptyText="Currently no trending movie." />;
}

function GenreBlocks() {
  const q = useGenreTotals(HOME_SECTION);
  if (q.isError) return <VideoRail title="Genres" moreHref="/genre" videos={undefined} isError onRetry={() => void q.refetch()} />;
  return (
    <>
      {(q.data?.results ?? []).filter((g) => g.video_count > 0).map((g) => (
        <VideoRail key={g.cartId} title={g.title} moreHref={`/genre/${encodeURIComponent(g.title)}`} videos={g.video_details} />
      ))}
    </>
  );
}

function DjBlocks() {
  const q = useDjTotals(HOME_SECTION);
  if (q.isError) return <VideoRail title="DJs" moreHref="/deejays" videos={undefined} isError onRetry={() => void q.refetch()} />;
  return (
    <>
      {(q.data?.results ?? []).filter((d) => d.video_count > 0).map((d) => (
        <VideoRail key={d.id} title={`DJ ${d.dj_name}`} moreHref={`/dj/${encodeURIComponent(d.dj_name)}`} videos={d.video_details} />
      ))}
    </>
  );
}

/** The home page (seed §2): the hero of the 10 newest, then its sections, each with a 'more' link. */
export function HomeScreen() {
  const newest = useVideos({ page_size: HOME_SECTION, ordering: '-date_uploaded' });
  return (
    <>
      <HeroSlider videos={newest.data?.results} isLoading={newest.isPending} />
      {newest.isError && <VideoRail title="Newest" moreHref="/new" videos={undefined} isError onRetry={() => void newest.refetch()} />}
      <Box sx={{ px: { xs: 1.5, sm: 3 }, pt: 2 }}>
        <QueryRail title="Suggestions" moreHref="/suggestions" query={{ page_size: HOME_SECTION, suggest: true, ordering: '-date_uploaded' }} emptyText="Currently no suggested movie." />
        <LazySection minHeight={RAIL_HEIGHT * 4}>
          <TrendingRail />
          <QueryRail title="Top TV Shows" moreHref="/store/series" query={{ page_size: HOME_SECTION, cartegory: 'series', ordering: '-purchase_times' }} emptyText="Currently no series movie." />
          <QueryRail title="Top Movies" moreHref="/store/movie" query={{ page_size: HOME_SECTION, cartegory: 'movie', ordering: '-purchase_times' }} emptyText="Currently no movie movie." />
          <QueryRail title="Top Anime" moreHref="/store/anime" query={{ page_size: HOME_SECTION, cartegory: 'anime', ordering: '-purchase_times' }} emptyText="Currently no anime movie." />
        </LazySection>
        <LazySection minHeight={RAIL_HEIGHT * 4}>
          <GenreBlocks />
        </LazySection>
        <LazySection minHeight={RAIL_HEIGHT * 4}>
          <DjBlocks />
        </LazySection>
      </Box>
    </>
  );
}
