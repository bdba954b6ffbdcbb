import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';
import type { Follow } from '@store/contract';
import { useFollows, useSetFollow } from '../../../api/notifications.ts';
import { EmptyState, ErrorState } from '../../../components/states.tsx';
import { useT } from '../../../lib/i18n.ts';

/** Where a followed DJ or series is shown: the DJ's page, or the series' videos found by its title. */
const hrefOf = (f: Follow) => (f.kind === 'dj' ? `/dj/${encodeURIComponent(f.name)}` : `/search/${encodeURIComponent(f.name)}`);

/** What the customer follows (GET /api/follows/), each with Stop following. */
export function FollowsList() {
  const t = useT();
  const q = useFollows();
  const set = useSetFollow();
  return (
    <Box component="section" aria-labelledby="following-title">
      <Typography id="following-title" variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('notify.following_title')}
      </Typography>
      {q.isError ? (
        <ErrorState onRetry={() => void q.refetch()} />
      ) : q.isPending ? (
        <Skeleton variant="rounded" height={120} />
      ) : q.data.results.length === 0 ? (
        <EmptyState message={t('notify.following_empty')} />
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }} data-testid="follows">
          {q.data.results.map((f) => (
            <Box component="li" key={`${f.kind}:${f.id}`} sx={{ p: 1.5, bgcolor: 'background.paper', borderRadius: 1, display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
              <span>
                <Box component="span" sx={{ display: 'block', fontSize: 12, color: 'text.secondary' }}>
                  {t(f.kind === 'dj' ? 'notify.kind_dj' : 'notify.kind_series')}
                </Box>
                <Link to={hrefOf(f)} style={{ color: 'inherit', fontWeight: 700 }}>
                  {f.kind === 'dj' ? `DJ ${f.name}` : f.name}
                </Link>
              </span>
              <Button size="small" variant="outlined" disabled={set.isPending} onClick={() => set.mutate({ kind: f.kind, id: f.id, on: false })} aria-label={t('notify.unfollow_named', { name: f.name })}>
                {t('notify.unfollow')}
              </Button>
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}
