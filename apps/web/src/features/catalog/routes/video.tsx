import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { memo, useMemo, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useParams } from 'react-router';
import type { Video } from '@store/contract';
import { Poster } from '../../../components/poster.tsx';
import { ErrorState } from '../../../components/states.tsx';
import { videoHref } from '../../../components/use-video-href.ts';
import { formatDate, formatKsh, truncateSynopsis } from '../../../lib/format.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useVideo } from '../../../api/get-video.ts';
import { useVideos } from '../../../api/get-videos.ts';
import { pageSx } from '../../../components/page.tsx';
import { useT } from '../../../lib/i18n.ts';
import '../../../components/cards.css';

/** The similar videos as plain elements with classes (components/cards.css): no styled component per row. */
const SimilarItems = memo(function SimilarItems({ videos }: { videos: Video[] }) {
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
                {v.season ? ` · ${v.season}` : ''}
              </p>
              <p className="similar-synopsis">{truncateSynopsis(v.synopsis)}</p>
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
    <Box component="section" aria-labelledby="similar-heading" sx={{ mt: 4 }}>
      <Typography id="similar-heading" variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('catalog.similar_to', { title: video.title })}
      </Typography>
      {q.isPending ? (
        <ul className="similar-list">
          {Array.from({ length: 4 }, (_, i) => <Skeleton key={i} component="li" variant="rounded" height={96} />)}
        </ul>
      ) : (
        <SimilarItems videos={similar} />
      )}
    </Box>
  );
}

/**
 * /video/{id}: the store page of a video; /watch and /play show it to anyone who does not own it.
 * What can be done with the video (buying) comes from the app, which composes the features.
 */
export default function VideoScreen({ actions }: { actions: (video: Video) => ReactNode }) {
  const t = useT();
  const { id } = useParams();
  const q = useVideo(id);
  if (q.isError) {
    const missing = q.error instanceof ApiError && q.error.status === 404;
    return (
      <Box sx={pageSx}>
        <ErrorState message={missing ? t('catalog.video_missing') : t('catalog.video_error')} onRetry={missing ? undefined : () => void q.refetch()} />
      </Box>
    );
  }
  const v = q.data;
  return (
    <Box sx={pageSx}>
      <Box sx={{ display: 'flex', gap: { xs: 2, sm: 3 }, flexDirection: { xs: 'column', sm: 'row' } }}>
        <Box sx={{ width: { xs: '55%', sm: 240 }, maxWidth: 240, flexShrink: 0, alignSelf: { xs: 'center', sm: 'flex-start' } }}>
          {v ? <Poster video={v} sizes="240px" eager /> : <Skeleton variant="rounded" sx={{ aspectRatio: '2 / 3', height: 'auto' }} />}
        </Box>
        <Box sx={{ minWidth: 0, flex: 1 }}>
          {v ? (
            <>
              <Typography variant="h4" component="h1" sx={{ fontWeight: 800, fontSize: { xs: 24, sm: 32 } }}>
                {v.title}
              </Typography>
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, my: 1.5 }}>
                {v.season && <Chip label={v.season} size="small" />}
                <Chip component={Link} clickable to={`/dj/${encodeURIComponent(v.dj)}`} label={`DJ ${v.dj}`} size="small" color="secondary" variant="outlined" />
                <Chip component={Link} clickable to={`/genre/${encodeURIComponent(v.genre)}`} label={v.genre} size="small" variant="outlined" />
                <Chip component={Link} clickable to={`/store/${encodeURIComponent(v.cartegory)}`} label={v.cartegory} size="small" variant="outlined" />
              </Box>
              <Typography sx={{ fontSize: 28, fontWeight: 800, color: 'secondary.main' }}>{formatKsh(v.price)}</Typography>
              {actions(v)}
              <Typography sx={{ mt: 1.5, maxWidth: 680 }}>{v.synopsis}</Typography>
              <Typography variant="caption" component="p" sx={{ mt: 1.5, color: 'text.secondary' }}>
                {t('catalog.added_bought', { date: formatDate(v.date_uploaded), count: v.purchase_times })}
              </Typography>
            </>
          ) : (
            <>
              <Skeleton width="70%" height={44} />
              <Skeleton width={220} height={32} />
              <Skeleton width={120} height={40} />
              <Skeleton height={80} />
            </>
          )}
        </Box>
      </Box>
      {v && <SimilarList video={v} />}
    </Box>
  );
}
