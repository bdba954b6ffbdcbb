import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { OwnedMedia } from '@store/contract';
import { useT } from '../../../lib/i18n.ts';

/** Where the player will be while the video is still being prepared (or could not be). */
export function Preparing({ media }: { media: OwnedMedia }) {
  const t = useT();
  const failed = media.state === 'failed' || media.state === 'none';
  return (
    <Box role="status" sx={{ aspectRatio: '16 / 9', bgcolor: '#000', color: '#fff', borderRadius: 2, display: 'grid', placeItems: 'center', p: 3, textAlign: 'center' }}>
      <Box sx={{ width: '100%', maxWidth: 360 }}>
        <Typography sx={{ mb: 1.5 }}>
          {failed ? t('player.not_ready') : t('player.preparing_progress', { progress: media.progress })}
        </Typography>
        {!failed && <LinearProgress variant={media.state === 'processing' ? 'determinate' : 'indeterminate'} value={media.progress} aria-label={t('player.preparing')} />}
      </Box>
    </Box>
  );
}
