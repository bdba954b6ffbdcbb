import '@vidstack/react/player/styles/default/theme.css';
import '@vidstack/react/player/styles/default/layouts/video.css';
import { isHLSProvider, MediaPlayer, MediaProvider, Track, type MediaPlayerInstance, type MediaProviderAdapter } from '@vidstack/react';
import { DefaultVideoLayout, defaultLayoutIcons } from '@vidstack/react/player/layouts/default';
import './quality-menu.css';
import { useEffect, useRef, useState } from 'react';
import type { OwnedMedia } from '@store/contract';
import { useT } from '../../../lib/i18n.ts';
import { saveProgress } from '../api/save-progress.ts';
import { SavedVideoLoader } from '../offline/cache-loader.ts';
import { QualityMenu } from './quality-menu.tsx';
import { initialQuality, rememberQuality } from './quality-preference.ts';

export interface VideoPlayerProps {
  videoId: number;
  title: string;
  poster: string | null;
  media: OwnedMedia & { stream: string };
  /** Subtitles among the additional files (WebVTT, signed addresses). */
  subtitles: { label: string; src: string }[];
  /** Lets the page's Play button start the player. */
  controlRef?: { current: { play(): Promise<void> } | null };
  /** Starts playing at once: the customer tapped Play on the purchase's success screen. */
  autoPlay?: boolean;
  /** Plays the copy saved on this phone (offline/), read from the Cache API instead of the network. */
  saved?: boolean;
}

/** Vidstack's words the customer reads or hears, in the chosen language. */
const PLAYER_WORDS = ['Play', 'Pause', 'Replay', 'Mute', 'Unmute', 'Volume', 'Settings', 'Quality', 'Auto', 'Speed', 'Normal', 'Captions', 'Off', 'Fullscreen', 'Enter Fullscreen', 'Exit Fullscreen', 'Seek', 'Seek Forward', 'Seek Backward', 'Playback', 'Loop', 'Accessibility', 'Audio', 'Default', 'Download', 'Closed-Captions On', 'Closed-Captions Off'] as const;
const wordId = (word: string) => `player.word.${word.toLowerCase().replace(/[^a-z]+/g, '_')}`;


const SAVE_EVERY_SECONDS = 10;

/**
 * The player: hls.js under Vidstack's accessible default layout (keyboard shortcuts, touch
 * gestures, captions, a quality menu, seek thumbnails). It starts on the data-saver rung on a
 * phone or a slow connection unless the customer chose otherwise before, and resumes where they
 * stopped, on any device (the position is kept on the server).
 */
export default function VideoPlayer({ videoId, title, poster, media, subtitles, controlRef, autoPlay = false, saved = false }: VideoPlayerProps) {
  const t = useT();
  const player = useRef<MediaPlayerInstance>(null);
  useEffect(() => {
    if (!controlRef) return;
    controlRef.current = { play: async () => player.current?.play() };
    return () => {
      controlRef.current = null;
    };
  }, [controlRef]);
  // The address the player started with, kept while it plays: the page reads the video again (and gets
  // freshly signed addresses) after a purchase or on a visit, and a new src would restart the player.
  // Signed addresses last hours; the page is keyed by video, so another video gets its own.
  const [stream] = useState(media.stream);
  // Play on the success screen starts the video. Asked once, the player sometimes took the request (it
  // said playing) while the video element stayed paused at 0:00 as hls.js settled its first rung; so
  // the element itself is asked, a few times in the first seconds, until it really moves. The
  // customer's tap still counts as the gesture a browser wants.
  useEffect(() => {
    if (!autoPlay) return;
    let ticks = 0;
    const timer = setInterval(() => {
      const video = player.current?.el?.querySelector('video');
      // A minute at most: on a slow phone (or a busy one) the first segment may take a while to arrive.
      if (++ticks > 120 || (video && video.currentTime > 0.3)) return clearInterval(timer);
      if (video && video.readyState >= 3 && video.paused) void video.play().catch(() => undefined);
    }, 500);
    return () => clearInterval(timer);
  }, [autoPlay]);
  const lastSaved = useRef(media.resume_at);
  const resumed = useRef(false);
  // Our own first choice of rung is not the customer's: only their later choices are remembered.
  const choosingForThem = useRef(false);

  useEffect(() => {
    resumed.current = false;
    lastSaved.current = media.resume_at;
  }, [videoId, media.resume_at]);

  function onProviderChange(provider: MediaProviderAdapter | null) {
    if (isHLSProvider(provider)) {
      // Bundled, not fetched from a CDN: one origin (CONTRACT §1). The light build: no DRM or
      // alternate audio, which the store does not use, for a third less to download.
      provider.library = () => import('hls.js/light');
      provider.config = { capLevelToPlayerSize: true, startLevel: 0, maxBufferLength: 30, ...(saved ? { loader: SavedVideoLoader } : {}) };
    }
  }

  function applyQualityPreference() {
    const qualities = player.current?.qualities;
    if (!qualities || qualities.length === 0) return;
    const wanted = initialQuality();
    if (wanted === 'auto') return;
    const list = qualities.toArray();
    const height = wanted === 'data-saver' ? Math.min(...list.map((q) => q.height)) : wanted;
    const pick = list.find((q) => q.height === height) ?? list.reduce((best, q) => (Math.abs(q.height - height) < Math.abs(best.height - height) ? q : best));
    if (pick.selected && !qualities.auto) return;
    choosingForThem.current = true;
    pick.selected = true;
    setTimeout(() => (choosingForThem.current = false), 0);
  }

  function onQualityChange() {
    const p = player.current;
    if (!p || choosingForThem.current) return;
    rememberQuality(p.qualities.auto ? 'auto' : (p.qualities.selected?.height ?? 'auto'));
  }

  function onCanPlay() {
    const p = player.current;
    if (!p || resumed.current) return;
    resumed.current = true;
    const at = media.resume_at;
    // Not at the very start or end: there, starting over is what the customer wants.
    if (at >= 1 && at < p.duration - 2) p.currentTime = at;
  }

  function save(at: number) {
    // A saved copy played with no network: the position stays on the phone's player.
    if (Math.abs(at - lastSaved.current) < 1 || !navigator.onLine) return;
    lastSaved.current = at;
    saveProgress(videoId, at);
  }

  return (
    <MediaPlayer
      ref={player}
      title={title}
      src={{ src: stream, type: 'application/x-mpegurl' }}
      poster={poster ?? undefined}
      playsInline
      load="visible"
      aspectRatio="16/9"
      onProviderChange={onProviderChange}
      onQualitiesChange={applyQualityPreference}
      onQualityChange={onQualityChange}
      onCanPlay={onCanPlay}
      onTimeUpdate={({ currentTime }) => {
        if (Math.abs(currentTime - lastSaved.current) >= SAVE_EVERY_SECONDS) save(currentTime);
      }}
      onPause={() => save(player.current?.currentTime ?? 0)}
      onEnded={() => save(0)}
      style={{ width: '100%', background: '#000', borderRadius: 8, overflow: 'hidden' }}
    >
      <MediaProvider>
        {subtitles.map((s) => (
          <Track key={s.src} src={s.src} kind="subtitles" label={s.label} lang="en" type="vtt" />
        ))}
      </MediaProvider>
      <DefaultVideoLayout
        icons={defaultLayoutIcons}
        thumbnails={media.thumbnails ?? undefined}
        translations={Object.fromEntries(PLAYER_WORDS.map((w) => [w, t(wordId(w))]))}
        slots={{ settingsMenuItemsStart: <QualityMenu renditions={media.renditions} /> }}
      />
    </MediaPlayer>
  );
}
