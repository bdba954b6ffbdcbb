import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';
import type { Video } from '@store/contract';
import { formatKsh } from '../lib/format.ts';
import { rememberChosenVideo } from '../lib/session.ts';
import { Poster } from './poster.tsx';
import { videoHref } from './use-video-href.ts';

interface VideoCardProps {
  video: Video;
  sizes?: string;
  eager?: boolean;
  guide?: boolean;
}

export function VideoCard({ video, sizes = '(max-width: 600px) 33vw, 160px', eager, guide }: VideoCardProps) {
  return (
    <Box
      component={Link}
      to={videoHref(video, { guide })}
      onClick={() => rememberChosenVideo(video)}
      sx={{ display: 'block', color: 'inherit', textDecoration: 'none', '&:hover img, &:focus-visible img': { transform: 'scale(1.04)' }, '& img': { transition: 'transform .2s' } }}
    >
      <Poster video={video} sizes={sizes} eager={eager} />
      <Typography variant="body2" sx={{ mt: 0.5, lineHeight: 1.3, display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}>
        {video.title}
      </Typography>
      <Typography variant="caption" component="p" sx={{ color: 'text.secondary' }}>
        {video.season ? `${video.season} · ` : ''}
        <Box component="span" sx={{ color: 'secondary.main', fontWeight: 600, whiteSpace: 'nowrap' }}>
          {formatKsh(video.price)}
        </Box>
      </Typography>
    </Box>
  );
}
