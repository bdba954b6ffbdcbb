import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useParams } from 'react-router';
import { VideoGrid } from '../../../components/video-grid.tsx';
import { useVideos } from '../../../api/get-videos.ts';
import { CountLine, PageTitle, pageSx } from '../../../components/page.tsx';
import { useSuggestions } from '../api/get-suggestions.ts';
import { useT } from '../../../lib/i18n.ts';

/** /search/{term}: best matches first (titles, DJs, genres, synopses; typos forgiven by the server). */
export default function SearchScreen() {
  const t = useT();
  const { searchTerm = '' } = useParams();
  const q = useVideos({ page_size: 20, title: searchTerm, ordering: '-date_uploaded' });
  return (
    <Box sx={pageSx}>
      <PageTitle>{t('search.results_for', { term: searchTerm })}</PageTitle>
      <CountLine count={q.data?.count} />
      <VideoGrid videos={q.data?.results} isLoading={q.isPending} isError={q.isError} onRetry={() => void q.refetch()} emptyText={t('search.empty', { term: searchTerm })} />
      {q.data?.count === 0 && <NoResults term={searchTerm} />}
    </Box>
  );
}

/** Never a dead end: the query with its unknown words corrected, and what others buy. */
function NoResults({ term }: { term: string }) {
  const t = useT();
  const suggestion = useSuggestions(term).data?.did_you_mean;
  const popular = useVideos({ page_size: 6, popular: true, ordering: '-purchase_times' });
  return (
    <>
      {suggestion && (
        <Typography sx={{ textAlign: 'center', mb: 3 }}>
          {t('search.did_you_mean')}{' '}
          <Link component={RouterLink} to={`/search/${encodeURIComponent(suggestion)}`} sx={{ fontWeight: 700 }}>
            {suggestion}
          </Link>
          ?
        </Typography>
      )}
      <Typography variant="h6" component="h2" sx={{ fontWeight: 800, mb: 1.5 }}>
        {t('search.popular')}
      </Typography>
      <VideoGrid videos={popular.data?.results} isLoading={popular.isPending} isError={popular.isError} onRetry={() => void popular.refetch()} emptyText={t('search.popular_empty')} skeletons={6} />
    </>
  );
}
