import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { PosterSkeleton } from '../../components/video-grid.tsx';
import { useT } from '../../lib/i18n.ts';

/** What a screen shows while its code arrives: its shape, not a spinner. */
export function ScreenSkeleton() {
  const t = useT();
  return (
    <Box sx={{ p: 2 }} role="status" aria-busy="true" aria-label={t('states.loading')}>
      <Skeleton width={180} height={36} />
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'repeat(3, 1fr)', sm: 'repeat(auto-fill, minmax(140px, 1fr))' }, gap: 2, mt: 1 }}>
        {Array.from({ length: 9 }, (_, i) => (
          <PosterSkeleton key={i} />
        ))}
      </Box>
    </Box>
  );
}
