import { useParams } from 'react-router';
import Box from '@mui/material/Box';
import { VideoGrid } from '../../../components/video-grid.tsx';
import { useTrending } from '../api/get-trending.ts';
import { VideoListPage } from '../components/video-list-page.tsx';
import { CountLine, pageSx, PageTitle } from '../../../components/page.tsx';
import { useT } from '../../../lib/i18n.ts';

const CATEGORY_TITLES: Record<string, string> = { series: 'catalog.category_series', movie: 'catalog.category_movie', anime: 'catalog.category_anime', guide: 'catalog.category_guide' };

/** /new: the 20 newest. */
export function NewScreen() {
  const t = useT();
  return <VideoListPage title={t('catalog.new_title')} query={{ page_size: 20, ordering: '-date_uploaded' }} emptyText={t('catalog.new_empty')} />;
}

/** /store/{category}: every video of a category (300 at most, seed §7). */
export function StoreCategoryScreen() {
  const t = useT();
  const { category = '' } = useParams();
  const titleId = CATEGORY_TITLES[category];
  return (
    <VideoListPage
      title={titleId ? t(titleId) : category}
      query={{ page_size: 300, cartegory: category, ordering: '-date_uploaded' }}
      emptyText={t('catalog.category_empty', { category })}
    />
  );
}

/** /suggestions: every suggested video. */
export function SuggestionsScreen() {
  const t = useT();
  return <VideoListPage title={t('catalog.suggestions')} query={{ page_size: 300, suggest: true, ordering: '-date_uploaded' }} emptyText={t('catalog.suggestions_empty')} />;
}

/** /trend: the most bought in the last 30 days (CONTRACT §7). */
export function TrendScreen() {
  const t = useT();
  const q = useTrending(20);
  return (
    <Box sx={pageSx}>
      <PageTitle>{t('catalog.trending')}</PageTitle>
      <CountLine count={q.data?.count} />
      <VideoGrid videos={q.data?.results} isLoading={q.isPending} isError={q.isError} onRetry={() => void q.refetch()} emptyText={t('catalog.trending_empty')} />
    </Box>
  );
}

/** /guide: how-to videos; choosing one goes straight to its watch page (seed §2). */
export function GuideScreen() {
  const t = useT();
  return <VideoListPage title={t('catalog.category_guide')} query={{ page_size: 20, cartegory: 'guide', ordering: '-date_uploaded' }} emptyText={t('catalog.guides_empty')} guide />;
}
