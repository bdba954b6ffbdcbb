import Skeleton from '@mui/material/Skeleton';
import { lazy, Suspense, useEffect, useState } from 'react';
import { savedMasterUrl, savedPosterUrl, readSaved } from '../offline/files.ts';
import type { SavedVideo } from '../offline/saved-videos.ts';

const VideoPlayer = lazy(() => import('./video-player.tsx'));

/** The poster kept with a saved video, as an address the page can show with no network. */
export function useSavedPoster(video: SavedVideo): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let objectUrl: string | null = null;
    let live = true;
    void readSaved(savedPosterUrl(video.id)).then(async (res) => {
      if (!res || !live) return;
      objectUrl = URL.createObjectURL(await res.blob());
      setUrl(objectUrl);
    });
    return () => {
      live = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [video.id]);
  return url;
}

/** The copy saved on this phone, played from the Cache API: no network needed. */
export function SavedPlayer({ video, autoPlay = false }: { video: SavedVideo; autoPlay?: boolean }) {
  const poster = useSavedPoster(video);
  const media = {
    state: 'ready' as const,
    progress: 100,
    stream: savedMasterUrl(video.id),
    download: null,
    download_name: null,
    download_size: null,
    duration: video.duration,
    thumbnails: null,
    renditions: [video.rung],
    resume_at: 0,
  };
  return (
    <Suspense fallback={<Skeleton variant="rounded" sx={{ aspectRatio: '16 / 9', height: 'auto', bgcolor: 'grey.900' }} />}>
      <VideoPlayer key={`saved-${video.id}`} videoId={video.id} title={video.title} poster={poster} media={media} subtitles={[]} autoPlay={autoPlay} saved />
    </Suspense>
  );
}
