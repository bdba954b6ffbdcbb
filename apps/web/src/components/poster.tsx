import type { ReactNode } from 'react';
import type { Video } from '@store/contract';
import './cards.css';

interface PosterProps {
  video: Pick<Video, 'title' | 'image' | 'image_set'>;
  /** The width the poster takes on screen, for the browser to pick from srcset. */
  sizes: string;
  /** Posters in the first screenful load at once; the rest wait until they are scrolled near. */
  eager?: boolean;
  /** Drawn over the poster's corner (the rating's symbol). */
  children?: ReactNode;
}

/**
 * A 2:3 poster that reserves its space before it loads, so nothing shifts (CLS). A plain element with
 * a class (cards.css): pages show dozens, and a styled component each was main-thread work on a slow phone.
 */
export function Poster({ video, sizes, eager = false, children }: PosterProps) {
  return (
    <div className="vc-poster">
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
        />
      )}
      {children}
    </div>
  );
}
