import { useParams } from 'react-router';
import Box from '@mui/material/Box';
import { VideoGrid } from '../../../components/video-grid.tsx';
import { useTrending } from '../api/get-trending.ts';
import { VideoListPage } from '../components/video-list-page.tsx';
import { CountLine, pageSx, PageTitle } from '../../../components/page.tsx';

const CATEGORY_TITLES: Record<string, string> = { series: 'TV Shows', movie: 'Movies', anime: 'Animation', guide: 'Guides' };

/** /new: the 20 newest. */
export function NewScreen() {
  return <VideoListPage title="New videos" query={{ page_size: 20, ordering: '-date_uploaded' }} emptyText="Currently no new movie." />;
}

/** /store/{category}: every video of a category (300 at most, seed §7). */
export function StoreCategoryScreen() {
  const { category = '' } = useParams();
  return (
    <VideoListPage
      title={CATEGORY_TITLES[category] ?? category}
      query={{ page_size: 300, cartegory: category, ordering: '-date_uploaded' }}
      emptyText={`Currently no ${category} movie.`}
    />
  );
}

/** /suggestions: every suggested video. */
export function SuggestionsScreen() {
  return <VideoListPage title="Suggestions" query={{ page_size: 300, suggest: true, ordering: '-date_uploaded' }} emptyText="Currently no suggested movie." />;
}

/** /trend: the most bought in the last 30 days (CONTRACT §7). */
export function TrendScreen() {
  const q = useTrending(20);
  return (
    <Box sx={pageSx}>
      <PageTitle>Trending Now</PageTitle>
      <CountLine count={q.data?.count} />
      <VideoGrid videos={q.data?.results} isLoading={q.isPending} isError={q.isError} onRetry={() => void q.refetch()} emptyText="Currently no trending movie." />
    </Box>
  );
}

/** /guide: how-to videos; choosing one goes straight to its watch page (seed §2). */
export function GuideScreen() {
  return <VideoListPage title="Guides" query={{ page_size: 20, cartegory: 'guide', ordering: '-date_uploaded' }} emptyText="Currently no guide movie." guide />;
}
