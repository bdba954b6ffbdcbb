import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { lazy, type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import type { Video } from '@store/contract';
import { ErrorState } from '../../../components/states.tsx';
import { RentalTimeLeft } from '../../../components/rental-time-left.tsx';
import { PassTimeLeft } from '../../../components/pass-time-left.tsx';
import { useRentals } from '../../../api/get-rentals.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { isSignedIn, useSession } from '../../../lib/session.ts';
import { pageSx } from '../../../components/page.tsx';
import { useT } from '../../../lib/i18n.ts';
import { useOwnedVideo } from '../api/get-owned-video.ts';
import { OtherPurchases } from '../components/other-purchases.tsx';
import { Preparing } from '../components/preparing.tsx';
import { PlayerWait } from '../components/player-wait.tsx';
import { ResourceList } from '../components/resource-list.tsx';
import { SavedPlayer } from '../components/saved-player.tsx';
import { useSavedCopyGuard } from '../components/saved-lock.tsx';
import { RatingBadge } from '../../../components/rating-badge.tsx';
import { rememberLockState, savedCopyLocked } from '../../../lib/family-lock.ts';
import Button from '@mui/material/Button';
import { useOnline } from '../offline/online.ts';
import { accessIn, applyCheck, keepRentalClock } from '../offline/review.ts';
import { useSavedVideos, type SavedVideo } from '../offline/saved-videos.ts';
import { seasonName } from '../../../components/catalog-words.ts';

// The player and hls.js load only for a signed-in customer about to watch, as the page opens: at the
// same time as the video's details, not after them (issue 32 item 7: seconds on a slow phone).
const loadPlayer = () => import('../components/video-player.tsx');
const VideoPlayer = lazy(loadPlayer);
// Saving for offline (its form: about 35 KB of MUI) comes after the player, not beside it.
const SaveOffline = lazy(() => loadPlayer().then(() => import('../components/save-offline.tsx')).then((m) => ({ default: m.SaveOffline })));

function Player({ video, controlRef, autoPlay, onPlay }: { video: Video; controlRef: { current: { play(): Promise<void> } | null }; autoPlay: boolean; onPlay: () => void }) {
  const t = useT();
  const media = video.media!;
  if (media.state !== 'ready' || !media.stream) return <Preparing media={media} />;
  const subtitles = video.additional_files.filter((f) => f.file && f.name.toLowerCase().endsWith('.vtt')).map((f) => ({ label: t('player.subtitles_english'), src: f.file! }));
  return (
    // Play on screen before the player's code arrives; once tapped, the wait says the player is coming.
    <Suspense fallback={<PlayerWait poster={video.image} words={t('player.wait.player')} onPlay={autoPlay ? undefined : onPlay} playLabel={t('player.word.play')} />}>
      <VideoPlayer key={video.vidId} videoId={video.vidId} title={video.title} poster={video.image} media={{ ...media, stream: media.stream }} subtitles={subtitles} controlRef={controlRef} autoPlay={autoPlay} />
    </Suspense>
  );
}

function Heading({ video }: { video: Pick<Video, 'title' | 'season' | 'dj' | 'genre' | 'rating'> }) {
  const t = useT();
  return (
    <Box sx={{ mt: 2 }}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 800 }}>
        {video.title}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mt: 1 }}>
        {video.rating && <RatingBadge rating={video.rating} />}
        {video.season && <Chip label={seasonName(t, video.season)} size="small" />}
        <Chip component={Link} clickable to={`/dj/${encodeURIComponent(video.dj)}`} label={t('player.dj', { dj: video.dj })} size="small" color="secondary" variant="outlined" />
        <Chip component={Link} clickable to={`/genre/${encodeURIComponent(video.genre)}`} label={video.genre} size="small" variant="outlined" />
      </Box>
    </Box>
  );
}

/**
 * A rental's time left. The first play starts its clock on the server: the rentals are read again
 * then (not the video, whose new signed addresses would reload the player) to say "Ends in 48 h".
 */
function RentalLeft({ video }: { video: Video }) {
  const rentals = useRentals(false);
  useEffect(() => {
    if (video.rental?.started_at) return;
    // Media events do not bubble: caught on their way down. A moment later the server has seen the playlist.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const played = () => {
      document.removeEventListener('playing', played, true);
      timer = setTimeout(() => void rentals.refetch(), 2000);
    };
    document.addEventListener('playing', played, true);
    return () => {
      document.removeEventListener('playing', played, true);
      clearTimeout(timer);
    };
    // Once per video; refetch is stable.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [video.vidId]);
  const fresh = rentals.data?.results.find((r) => r.video_id === video.vidId && Date.parse(r.expires_at) > Date.now());
  const rental = fresh ?? video.rental;
  if (!rental) return null;
  return (
    <Typography role="status" sx={{ mt: 1, color: 'secondary.main', fontWeight: 700 }}>
      <RentalTimeLeft rental={rental} className="" />
    </Typography>
  );
}

/** With no network: the copy saved on this phone, if there is one. */
function SavedCopy({ saved }: { saved: SavedVideo }) {
  const t = useT();
  // A 16 or 18 copy under the family lock: the PIN first (checked on this phone with no network).
  const [opened, setOpened] = useState(false);
  const guard = useSavedCopyGuard(() => setOpened(true));
  const locked = !opened && savedCopyLocked(saved.rating);
  return (
    <Box sx={{ ...pageSx, maxWidth: 1100, mx: 'auto' }}>
      {locked ? (
        <Button variant="contained" onClick={() => guard.play(saved)}>
          {t('family.enter_pin')}
        </Button>
      ) : (
        <SavedPlayer video={saved} />
      )}
      {guard.dialog}
      <Typography variant="h5" component="h1" sx={{ fontWeight: 800, mt: 2 }}>
        {saved.title}
      </Typography>
      <Typography role="status" sx={{ color: 'text.secondary', mt: 1 }}>
        {t('player.offline.playing_saved')}
      </Typography>
    </Box>
  );
}

/**
 * /watch/{id} and the older /play/{id} (seed §2, CONTRACT §7): for the owner, the player, the
 * resource list and 'Other Purchased Videos'; for anyone else, the store page with Buy and
 * Add to cart, never a player.
 */
export default function WatchScreen({ layout = 'watch', storePage }: { layout?: 'watch' | 'play'; storePage: ReactNode }) {
  const { id } = useParams();
  const location = useLocation();
  useSession();
  const q = useOwnedVideo(id);
  useEffect(() => {
    if (isSignedIn() && navigator.onLine) void loadPlayer().catch(() => undefined);
  }, []);
  const controlRef = useRef<{ play(): Promise<void> } | null>(null);
  // Play tapped before the player's code has arrived (seconds on a slow network): it starts when it has.
  const [playAskedFor, setPlayAskedFor] = useState<string | undefined>();
  const [params] = useSearchParams();
  const t = useT();
  const online = useOnline();
  const saved = useSavedVideos().find((v) => String(v.id) === id);
  // Arriving from a purchase or another page scrolled down: the player starts at the top, in full view.
  // (A block: Chromium's scrollTo now answers a promise, and an effect must return a function or nothing,
  // else leaving the page breaks the next screen.)
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [id]);
  // What the server says of a video saved on this phone: still owned keeps it, a refund removes it; a
  // visitor's answer (the session ended meanwhile) says nothing and changes nothing.
  const access = q.data ? accessIn(q.data) : 'unknown';
  // Media withheld by the family lock: this phone knows the lock is on, and the store page asks for the PIN.
  const familyLocked = q.data?.family_locked === true;
  useEffect(() => {
    if (familyLocked) rememberLockState(true);
  }, [familyLocked]);
  useEffect(() => {
    if (saved && q.data) keepRentalClock(q.data);
    if (saved && access !== 'unknown') void applyCheck(saved, access, Date.now());
    // Once per answer from the server, not on every change of the saved record.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [access, q.dataUpdatedAt]);

  if (!isSignedIn()) return storePage;
  const unreachable = !online || (q.isError && !(q.error instanceof ApiError));
  if (saved?.status === 'saved' && unreachable) return <SavedCopy saved={saved} />;
  if (q.isError) {
    const missing = q.error instanceof ApiError && q.error.status === 404;
    const switched = (location.state as { switched?: boolean } | null)?.switched;
    const message = missing ? t('player.not_in_store') : switched ? t('player.error_changing') : t('player.error_fetching');
    return (
      <Box sx={pageSx}>
        <ErrorState message={message} onRetry={missing ? undefined : () => void q.refetch()} />
      </Box>
    );
  }
  // Offline and never opened here (nothing kept, nothing saved): the query waits for the network, so
  // say so instead of a skeleton that never ends (issue 32 item 10).
  if (q.isPending && !online) {
    return (
      <Box sx={pageSx}>
        <div role="alert" className="state">
          <p className="state-message">{saved ? t('player.offline.not_saved_yet') : t('player.offline.not_on_phone')}</p>
          <Link className="btn btn-outlined" to="/saved">
            {t('player.offline.see_saved')}
          </Link>
        </div>
      </Box>
    );
  }
  if (q.isPending) {
    return (
      <Box sx={pageSx} aria-busy="true">
        <PlayerWait words={t('player.wait.details')} />
        <Skeleton width="60%" height={40} sx={{ mt: 2 }} />
        <Skeleton variant="rounded" height={64} sx={{ mt: 2 }} />
      </Box>
    );
  }
  const video = q.data;
  if (!video.media) return storePage;

  const play = () => {
    document.getElementById('player')?.scrollIntoView({ behavior: 'smooth', block: 'center' });
    if (controlRef.current) void controlRef.current.play();
    else setPlayAskedFor(id);
  };
  const main = (
    <>
      <Box id="player">
        <Player video={video} controlRef={controlRef} autoPlay={params.get('play') === '1' || playAskedFor === id} onPlay={play} />
      </Box>
      <Heading video={video} />
      {/* A rental plays while it lasts: the time left, as the server's expires_at says (CONTRACT §11). */}
      {video.rental && !video.owned && <RentalLeft video={video} />}
      {/* Watched under a pass (CONTRACT §14): until its end. */}
      {video.pass && !video.owned && !video.rental && (
        <Typography role="status" sx={{ mt: 1, color: 'secondary.main', fontWeight: 700 }}>
          {t('player.in_pass')} · <PassTimeLeft endsAt={video.pass.ends_at} />
        </Typography>
      )}
      <ResourceList video={video} onPlay={play} />
      <Suspense fallback={null}>
        <SaveOffline video={video} />
      </Suspense>
    </>
  );
  if (layout === 'play') {
    return (
      <Box sx={{ ...pageSx, display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 1fr) 320px' } }}>
        <Box>{main}</Box>
        <Box sx={{ '& section': { mt: { lg: 0 } } }}>
          <OtherPurchases currentId={video.vidId} basePath="/play" />
        </Box>
      </Box>
    );
  }
  return (
    <Box sx={{ ...pageSx, maxWidth: 1100, mx: 'auto' }}>
      {main}
      <OtherPurchases currentId={video.vidId} basePath="/watch" />
    </Box>
  );
}
