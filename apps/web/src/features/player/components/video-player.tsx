import '@vidstack/react/player/styles/default/theme.css';
import '@vidstack/react/player/styles/default/layouts/video.css';
import { isHLSProvider, MediaPlayer, MediaProvider, Track, type MediaPlayerInstance, type MediaProviderAdapter } from '@vidstack/react';
import { DefaultVideoLayout, defaultLayoutIcons } from '@vidstack/react/player/layouts/default';
// Loaded with the player, not after it: until hls.js is there Vidstack hands the playlist to the
// <video> element, and a Chromium that plays HLS itself starts fetching it (its own pick of rung).
import Hls from 'hls.js/light';
import './quality-menu.css';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { OwnedMedia } from '@store/contract';
import { useT } from '../../../lib/i18n.ts';
import { saveProgress } from '../api/save-progress.ts';
import { SavedVideoLoader } from '../offline/cache-loader.ts';
import { firstLevel, hlsConfig } from './hls-config.ts';
import { nextStart, PlayerStatus, type Start, type StartEvent } from './player-status.tsx';
import { QualityMenu } from './quality-menu.tsx';
import { initialQuality, type QualityChoice } from './quality-preference.ts';

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

/** How much of the video the element has really played, in seconds (its played ranges). */
export function playedSeconds(video: Pick<HTMLVideoElement, 'played'>): number {
  let total = 0;
  for (let i = 0; i < video.played.length; i++) total += video.played.end(i) - video.played.start(i);
  return total;
}

/**
 * The player: hls.js under Vidstack's accessible default layout (keyboard shortcuts, touch
 * gestures, captions, a quality menu, seek thumbnails). It starts on the data-saver rung on a
 * phone or a slow connection unless the customer chose otherwise before, and resumes where they
 * stopped, on any device (the position is kept on the server).
 */
export default function VideoPlayer({ videoId, title, poster, media, subtitles, controlRef, autoPlay = false, saved = false }: VideoPlayerProps) {
  const t = useT();
  const player = useRef<MediaPlayerInstance>(null);
  const [start, setStart] = useState<Start>({ state: 'loading', requested: autoPlay });
  const tell = useCallback((event: StartEvent) => setStart((s) => nextStart(s, event)), []);
  // Each try again is a new player (and hls.js) on the newest signed address the page has.
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!controlRef) return;
    controlRef.current = {
      play: async () => {
        tell('play-request');
        await player.current?.play();
      },
    };
    return () => {
      controlRef.current = null;
    };
  }, [controlRef, tell]);
  // The address the player started with, kept while it plays: the page reads the video again (and gets
  // freshly signed addresses) after a purchase or on a visit, and a new src would restart the player.
  // Signed addresses last hours; the page is keyed by video, so another video gets its own.
  const [stream, setStream] = useState(media.stream);
  // Play on the success screen (or Try again) starts the video. Asked once, the player sometimes took
  // the request (it said playing) while the video element stayed paused at 0:00 as hls.js settled its
  // first rung; so the element itself is asked, a few times in the first seconds, until it really
  // moves. The customer's tap still counts as the gesture a browser wants. "Moves" is what the element
  // has played, not where it stands: resuming at 0:05, it stands past 0:00 before playing a frame.
  const wantsPlay = autoPlay || attempt > 0;
  useEffect(() => {
    if (!wantsPlay) return;
    let ticks = 0;
    const timer = setInterval(() => {
      const video = player.current?.el?.querySelector('video');
      // A minute at most: on a slow phone (or a busy one) the first segment may take a while to arrive.
      if (++ticks > 120 || (video && !video.paused && playedSeconds(video) > 0.3)) return clearInterval(timer);
      if (video && video.readyState >= 3 && video.paused) void video.play().catch(() => undefined);
    }, 500);
    return () => clearInterval(timer);
  }, [wantsPlay, attempt]);
  const lastSaved = useRef(media.resume_at);
  // The rung chosen for the customer (the data-saver rung on a phone, or their earlier choice), shown
  // as chosen in the quality menu until they choose themselves.
  const [pinnedHeight, setPinnedHeight] = useState<number | null>(null);
  const hlsRef = useRef<Hls | null>(null);

  useEffect(() => {
    lastSaved.current = media.resume_at;
  }, [videoId, media.resume_at]);

  // Where to start: where the customer stopped, except at the very start or end (there, starting over
  // is what they want). Given to hls.js before it asks for anything, so no first segment is wasted.
  const resumeAt = media.resume_at >= 1 && (media.duration === null || media.resume_at < media.duration - 2) ? media.resume_at : 0;

  function onProviderChange(provider: MediaProviderAdapter | null) {
    if (!isHLSProvider(provider)) return;
    // Bundled, not fetched from a CDN: one origin (CONTRACT §1). The light build: no DRM or
    // alternate audio, which the store does not use, for a third less to download.
    provider.library = Hls;
    provider.config = { ...hlsConfig(media.renditions, resumeAt), ...(saved ? { loader: SavedVideoLoader } : {}) };
    provider.onInstance((hls) => {
      hlsRef.current = hls;
      // The first rung, before hls.js asks for any rung's playlist. Set through the player's quality
      // list instead, it arrived after the first segments were asked for: hls.js cancelled them, flushed
      // and asked again, once per rung listed, and on a slow network it never got a frame.
      hls.once(Hls.Events.MANIFEST_PARSED, (_event, data) => {
        const wanted = initialQuality();
        const level = firstLevel(data.levels, wanted);
        hls.startLevel = level;
        if (wanted === 'auto') return;
        hls.loadLevel = level;
        setPinnedHeight(data.levels[level]?.height ?? null);
      });
    });
  }

  /** The customer's own choice in the quality menu. Automatic, from the rung held for them, lets hls.js choose again. */
  function onChooseQuality(choice: QualityChoice) {
    setPinnedHeight(null);
    const hls = hlsRef.current;
    if (choice === 'auto' && hls && hls.manualLevel !== -1) hls.loadLevel = -1;
  }

  function retry() {
    setStream(media.stream);
    setPinnedHeight(null);
    tell('retry');
    setAttempt((a) => a + 1);
  }

  function save(at: number) {
    // A saved copy played with no network: the position stays on the phone's player.
    if (Math.abs(at - lastSaved.current) < 1 || !navigator.onLine) return;
    lastSaved.current = at;
    saveProgress(videoId, at);
  }

  return (
    <MediaPlayer
      key={attempt}
      ref={player}
      title={title}
      src={{ src: stream, type: 'application/x-mpegurl' }}
      poster={poster ?? undefined}
      playsInline
      load="visible"
      aspectRatio="16/9"
      onProviderChange={onProviderChange}
      onCanPlay={() => tell('can-play')}
      onMediaPlayRequest={() => tell('play-request')}
      onPlay={() => tell('play-request')}
      onPlaying={() => tell('playing')}
      onWaiting={() => tell('waiting')}
      onPlayFail={() => tell('pause')}
      onError={() => tell('error')}
      onTimeUpdate={({ currentTime }) => {
        if (Math.abs(currentTime - lastSaved.current) >= SAVE_EVERY_SECONDS) save(currentTime);
      }}
      onPause={() => {
        tell('pause');
        save(player.current?.currentTime ?? 0);
      }}
      onEnded={() => save(0)}
      style={{ width: '100%', background: '#000', borderRadius: 8, overflow: 'hidden', position: 'relative' }}
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
        slots={{ settingsMenuItemsStart: <QualityMenu renditions={media.renditions} pinnedHeight={pinnedHeight} onChoose={onChooseQuality} /> }}
      />
      <PlayerStatus state={start.state} onRetry={retry} />
    </MediaPlayer>
  );
}
