import { type ReactNode, useState } from 'react';
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
 * A poster that cannot load (offline, on a page the phone has not kept its picture for: issue 32
 * item 10) shows the title lettered on the poster's ground instead of an empty or broken picture.
 */
export function Poster({ video, sizes, eager = false, children }: PosterProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const image = video.image && video.image !== failed ? video.image : null;
  return (
    <div className="vc-poster">
      {image ? (
        <img
          src={image}
          srcSet={video.image_set.map((s) => `${s.url} ${s.width}w`).join(', ')}
          sizes={sizes}
          alt=""
          width={160}
          height={240}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          fetchPriority={eager ? 'high' : undefined}
          onError={() => setFailed(image)}
        />
      ) : (
        // The card or page names the video already: this is its picture, not its name, to a screen reader.
        <span className="vc-poster-lettered" aria-hidden="true">
          {video.title}
        </span>
      )}
      {children}
    </div>
  );
}
