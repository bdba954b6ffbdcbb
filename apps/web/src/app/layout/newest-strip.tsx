import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';
import { useVideos } from '../../api/get-videos.ts';
import { videoHref } from '../../components/use-video-href.ts';
import { useT } from '../../lib/i18n.ts';

/** The neutral strip: the 7 newest titles (seed §2). */
export function NewestStrip() {
  const t = useT();
  const { data } = useVideos({ page_size: 7, ordering: '-date_uploaded' });
  return (
    <Box component="aside" aria-label={t('newest.label')} sx={{ display: 'flex', gap: 1, overflowX: 'auto', px: 2, py: 1, minHeight: 40, bgcolor: 'rgba(255,255,255,0.04)' }}>
      <Typography variant="caption" sx={{ color: 'secondary.main', fontWeight: 700, alignSelf: 'center', flexShrink: 0 }}>
        {t('newest.badge')}
      </Typography>
      {(data?.results ?? []).map((v) => (
        <Box
          key={v.vidId}
          component={Link}
          to={videoHref(v)}
          sx={{ flexShrink: 0, fontSize: 13, color: 'text.primary', textDecoration: 'none', px: 1.25, py: 0.5, borderRadius: 4, bgcolor: 'rgba(255,255,255,0.08)', whiteSpace: 'nowrap', '&:hover': { bgcolor: 'rgba(255,255,255,0.16)' } }}
        >
          {v.title}
        </Box>
      ))}
    </Box>
  );
}
