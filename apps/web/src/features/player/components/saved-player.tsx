import Alert from '@mui/material/Alert';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useEffect, useState } from 'react';
import { RentalTimeLeft } from '../../../components/rental-time-left.tsx';
import { useT } from '../../../lib/i18n.ts';
import { savedMasterUrl, savedPosterUrl, readSaved } from '../offline/files.ts';
import { removeEndedRentals } from '../offline/review.ts';
import { rentalEnded, type SavedVideo } from '../offline/saved-videos.ts';

const VideoPlayer = lazy(() => import('./video-player.tsx'));

/** The poster kept with a saved video, as an address the page can show with no network. */
export function useSavedPoster(video: SavedVideo): string | null {
  const [url, setUrl] = useState<string | null>(null);
  const stored = savedPosterUrl(video);
  useEffect(() => {
    let objectUrl: string | null = null;
    let live = true;
    void readSaved(stored).then(async (res) => {
      if (!res || !live) return;
      objectUrl = URL.createObjectURL(await res.blob());
      setUrl(objectUrl);
    });
    return () => {
      live = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [stored]);
  return url;
}

/** Longest wait setTimeout keeps (about 24 days); a later end is looked at again then. */
const MAX_TIMER = 2 ** 31 - 1;

/**
 * Whether a rented copy has ended by this phone's clock, turning true at the end itself (the player
 * then stops); an ended copy is removed, its owner told once (decision 0035's notice).
 */
export function useRentalEnded(video: Pick<SavedVideo, 'rental'>): boolean {
  const [, tick] = useState(0);
  const ended = rentalEnded(video);
  const expiresAt = video.rental?.expires_at;
  useEffect(() => {
    if (ended) {
      void removeEndedRentals();
      return;
    }
    if (!expiresAt) return;
    const timer = setTimeout(() => tick((n) => n + 1), Math.min(MAX_TIMER, Math.max(0, Date.parse(expiresAt) - Date.now()) + 500));
    return () => clearTimeout(timer);
  }, [ended, expiresAt]);
  return ended;
}

/** The copy saved on this phone, played from the Cache API: no network needed; a rented one only until its end. */
export function SavedPlayer({ video, autoPlay = false }: { video: SavedVideo; autoPlay?: boolean }) {
  const t = useT();
  const poster = useSavedPoster(video);
  const ended = useRentalEnded(video);
  if (ended) {
    return (
      <Alert severity="info" role="status">
        {t(video.rental?.pass ? 'player.saved.pass_over' : 'player.saved.rental_over', { title: video.title })}
      </Alert>
    );
  }
  const media = {
    state: 'ready' as const,
    progress: 100,
    stream: savedMasterUrl(video),
    download: null,
    download_name: null,
    download_size: null,
    duration: video.duration,
    thumbnails: null,
    renditions: [video.rung],
    resume_at: 0,
  };
  return (
    <>
      <Suspense fallback={<Skeleton variant="rounded" sx={{ aspectRatio: '16 / 9', height: 'auto', bgcolor: 'grey.900' }} />}>
        <VideoPlayer key={`saved-${video.id}`} videoId={video.id} title={video.title} poster={poster} media={media} subtitles={[]} autoPlay={autoPlay} saved />
      </Suspense>
      {video.rental && (
        <Typography sx={{ mt: 1, color: 'secondary.main', fontWeight: 700 }}>
          <RentalTimeLeft rental={video.rental} className="" />
        </Typography>
      )}
    </>
  );
}
