import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import type { Video } from '@store/contract';
import { formatBytes } from '../../../lib/format.ts';
import { useT } from '../../../lib/i18n.ts';

const rowSx = { p: 1.5, bgcolor: 'background.paper', borderRadius: 1, display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' } as const;

/**
 * The resource list (seed §2): the main video to play or download, and each additional file to
 * download, every one with its size so a customer knows what it costs in data before tapping.
 */
export function ResourceList({ video, onPlay }: { video: Video; onPlay: () => void }) {
  const t = useT();
  const media = video.media!;
  return (
    <Box component="section" aria-labelledby="resources-heading" sx={{ mt: 3 }}>
      <Typography id="resources-heading" variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('player.resources')}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
        <Box component="li" sx={rowSx}>
          <Box sx={{ flex: 1, minWidth: 160 }}>
            <Typography sx={{ fontWeight: 600 }}>{media.download_name ?? video.title}</Typography>
            <Typography variant="caption" sx={{ color: 'text.secondary' }}>
              {t('player.main_video')}
              {media.download_size !== null ? ` · ${formatBytes(media.download_size)}` : ''}
            </Typography>
          </Box>
          <Button size="small" startIcon={<PlayArrowIcon />} onClick={onPlay} disabled={!media.stream}>
            {t('player.play')}
          </Button>
          {/* A rental never gets the download file (CONTRACT §11): the server sends none, and none is offered. */}
          {media.download && !(video.rental && !video.owned) && (
            <Button size="small" variant="outlined" startIcon={<DownloadIcon />} href={media.download} download={media.download_name ?? true}>
              {t('player.download')}
            </Button>
          )}
        </Box>
        {video.additional_files.map((f) => (
          <Box component="li" key={f.id} sx={rowSx}>
            <Box sx={{ flex: 1, minWidth: 160 }}>
              <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{f.name}</Typography>
              <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                {t('player.additional_file')}
                {f.size !== null ? ` · ${formatBytes(f.size)}` : ''}
              </Typography>
            </Box>
            {f.file && (
              <Button size="small" variant="outlined" startIcon={<DownloadIcon />} href={f.file} download={f.name} aria-label={t('player.download_named', { name: f.name })}>
                {t('player.download')}
              </Button>
            )}
          </Box>
        ))}
      </Box>
    </Box>
  );
}
