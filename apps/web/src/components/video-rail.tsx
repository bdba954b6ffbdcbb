import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import type { Video } from '@store/contract';
import { useT } from '../lib/i18n.ts';
import { EmptyState, ErrorState } from './states.tsx';
import { PosterSkeleton } from './video-grid.tsx';
import { VideoCard } from './video-card.tsx';

interface VideoRailProps {
  title: string;
  moreHref: string;
  videos: Video[] | undefined;
  isLoading?: boolean;
  isError?: boolean;
  onRetry?: () => void;
  emptyText?: string;
}

/** One home-page section: a heading, a 'more' link and a row of posters that scrolls sideways. */
export function VideoRail({ title, moreHref, videos, isLoading, isError, onRetry, emptyText }: VideoRailProps) {
  const t = useT();
  const headingId = `rail-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mb: 3 }}>
      <Box sx={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', mb: 1 }}>
        <Typography id={headingId} variant="h6" component="h2" sx={{ fontSize: { xs: 17, sm: 20 } }}>
          {title}
        </Typography>
        {/* A plain link styled as MUI's: its Link component would add a kilobyte to the home page. */}
        <Box component={RouterLink} to={moreHref} sx={{ fontSize: 14, color: 'primary.main', textDecoration: 'none', '&:hover': { textDecoration: 'underline' } }} aria-label={t('rail.more_label', { title })}>
          {t('rail.more')}
        </Box>
      </Box>
      {isError ? (
        <ErrorState onRetry={onRetry} />
      ) : videos && videos.length === 0 ? (
        <EmptyState message={emptyText ?? t('rail.empty')} />
      ) : (
        <Box
          component="ul"
          sx={{
            display: 'grid',
            gridAutoFlow: 'column',
            gridAutoColumns: { xs: '30%', sm: '150px' },
            gap: { xs: 1.25, sm: 2 },
            overflowX: 'auto',
            scrollSnapType: 'x mandatory',
            listStyle: 'none',
            p: 0,
            m: 0,
            pb: 1,
            '& > li': { scrollSnapAlign: 'start' },
          }}
        >
          {isLoading || !videos
            ? Array.from({ length: 6 }, (_, i) => (
                <li key={i}>
                  <PosterSkeleton />
                </li>
              ))
            : videos.map((v) => (
                <li key={v.vidId}>
                  <VideoCard video={v} sizes="(max-width: 600px) 30vw, 150px" />
                </li>
              ))}
        </Box>
      )}
    </Box>
  );
}
