import Box from '@mui/material/Box';
import type { Video } from '@store/contract';

interface PosterProps {
  video: Pick<Video, 'title' | 'image' | 'image_set'>;
  /** The width the poster takes on screen, for the browser to pick from srcset. */
  sizes: string;
  /** Posters in the first screenful load at once; the rest wait until they are scrolled near. */
  eager?: boolean;
}

/** A 2:3 poster that reserves its space before it loads, so nothing shifts (CLS). */
export function Poster({ video, sizes, eager = false }: PosterProps) {
  return (
    <Box sx={{ position: 'relative', aspectRatio: '2 / 3', bgcolor: 'grey.900', borderRadius: 1, overflow: 'hidden' }}>
      {video.image && (
        <img
          src={video.image}
          srcSet={video.image_set.map((s) => `${s.url} ${s.width}w`).join(', ')}
          sizes={sizes}
          alt=""
          width={160}
          height={240}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          fetchPriority={eager ? 'high' : undefined}
          style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover' }}
        />
      )}
    </Box>
  );
}
