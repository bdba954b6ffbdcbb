import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import { useEffect, useState } from 'react';
import { RentalTimeLeft } from '../../../components/rental-time-left.tsx';
import { PassTimeLeft } from '../../../components/pass-time-left.tsx';
import { EmptyState } from '../../../components/states.tsx';
import { PageTitle, pageSx } from '../../../components/page.tsx';
import { useT } from '../../../lib/i18n.ts';
import { seasonName } from '../../../components/catalog-words.ts';
import { SaveProgress } from '../components/save-offline.tsx';
import { SavedPlayer, useRentalEnded, useSavedPoster } from '../components/saved-player.tsx';
import { useSavedCopyGuard } from '../components/saved-lock.tsx';
import { savedCopyLocked } from '../../../lib/family-lock.ts';
import { megabytes } from '../offline/data.ts';
import { removeEndedRentals, reviewSavedVideos } from '../offline/review.ts';
import { dismissRemovalNotice, rentalEnded, savedVideos, useRemovalNotices, useSavedVideos, type SavedVideo } from '../offline/saved-videos.ts';

/** Why a copy was removed, in words. */
const NOTICE = { refunded: 'player.saved.removed_refunded', unchecked: 'player.saved.removed_unchecked', rental_ended: 'player.saved.removed_rental_ended', pass_ended: 'player.saved.removed_pass_ended' } as const;

function SavedRow({ video, onPlay }: { video: SavedVideo; onPlay: () => void }) {
  const t = useT();
  const poster = useSavedPoster(video);
  // A rented copy goes at its end, the list open or not, with no network.
  useRentalEnded(video);
  return (
    <Box component="li" sx={{ display: 'flex', gap: 1.5, p: 1.5, bgcolor: 'background.paper', borderRadius: 1 }}>
      <Box sx={{ width: 60, height: 90, flexShrink: 0, borderRadius: 0.5, bgcolor: 'grey.900', overflow: 'hidden' }}>
        {poster && <Box component="img" src={poster} alt="" width={60} height={90} sx={{ objectFit: 'cover', display: 'block' }} />}
      </Box>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography component="h2" sx={{ fontWeight: 700 }}>
          {video.title}
        </Typography>
        {video.season && (
          <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="saved-season">
            {seasonName(t, video.season)}
          </Typography>
        )}
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }} data-testid="saved-size">
          {t('player.saved.space', { mb: megabytes(video.status === 'saved' ? video.storedBytes : video.expectedBytes), quality: video.rung.data_saver ? t('player.data_saver') : video.rung.name })}
        </Typography>
        {video.rental && (
          <Typography variant="body2" sx={{ color: 'secondary.main', fontWeight: 700, mb: 1 }}>
            {video.rental.pass ? <PassTimeLeft endsAt={video.rental.expires_at} /> : <RentalTimeLeft rental={video.rental} className="" />}
          </Typography>
        )}
        {video.status === 'saved' && (
          <Button size="small" variant="contained" startIcon={<PlayArrowIcon />} onClick={onPlay} aria-label={t('player.saved.play_named', { title: video.title })} sx={{ mb: 1 }}>
            {t('player.saved.play')}
          </Button>
        )}
        <SaveProgress saved={video} quiet />
      </Box>
    </Box>
  );
}

/**
 * /saved: the videos the signed-in account saved on this phone (app/routes/saved.tsx shows this when
 * it has any), each with the space it takes, Play (with no network) and
 * Remove. Opening it asks the server, when online, whether each is still owned: a refunded one, or
 * one unchecked for 30 days, is removed with a notice.
 */
export default function SavedScreen() {
  const t = useT();
  const videos = useSavedVideos();
  const notices = useRemovalNotices();
  const [playing, setPlaying] = useState<number | null>(null);
  // A 16 or 18 copy asks for the family PIN first while the lock is on.
  const guard = useSavedCopyGuard((v) => setPlaying(v.id));
  // The family lock names nothing it hides (issue 32 item 11): while it holds 16 and 18 back, their
  // copies leave the list (title, poster and all) and are counted; the PIN, checked here with no
  // network, shows them again.
  const reveal = useSavedCopyGuard(() => undefined);
  const hidden = videos.filter((v) => savedCopyLocked(v.rating));
  useEffect(() => {
    window.scrollTo(0, 0);
    // Rentals ended by this phone's clock go first, with no network; then the server is asked.
    void removeEndedRentals().then(() => reviewSavedVideos());
    // The player's code, fetched while there is a network, so Play works here after it drops: with
    // the captions parser Vidstack loads only when a video has subtitles (a saved one may). The app
    // fetches it too when it starts (app/layout/saved-videos-review.ts).
    if (savedVideos().length) void Promise.all([import('../components/video-player.tsx'), import('hls.js/light'), import('media-captions')]).catch(() => undefined);
  }, []);
  const current = videos.find((v) => v.id === playing && v.status === 'saved');
  const total = videos.reduce((sum, v) => sum + v.storedBytes, 0);

  return (
    <Box sx={{ ...pageSx, maxWidth: 900, mx: 'auto' }}>
      <PageTitle>{t('saved.heading')}</PageTitle>
      {notices.map((n) => (
        <Alert key={n.id} severity="info" onClose={() => dismissRemovalNotice(n.id)} sx={{ mb: 1.5 }}>
          {t(NOTICE[n.reason], { title: n.title })}
        </Alert>
      ))}
      {guard.dialog}
      {reveal.dialog}
      {hidden.length > 0 && (
        <Alert severity="info" role="note" sx={{ mb: 1.5 }} action={<Button color="inherit" size="small" onClick={() => reveal.play(hidden[0]!)}>{t('family.enter_pin')}</Button>}>
          {t('family.hidden_in_list', { count: hidden.length })}
        </Alert>
      )}
      {current && (
        <Box sx={{ mb: 2 }}>
          <SavedPlayer video={current} autoPlay />
        </Box>
      )}
      {videos.length === 0 ? (
        <EmptyState message={t('saved.empty')} />
      ) : (
        <>
          <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1.5 }}>
            {t('player.saved.total', { count: videos.length, mb: megabytes(total) })}
          </Typography>
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
            {videos.filter((v) => !hidden.includes(v)).map((v) => (
              <SavedRow key={v.id} video={v} onPlay={() => (rentalEnded(v) ? void removeEndedRentals() : guard.play(v))} />
            ))}
          </Box>
        </>
      )}
    </Box>
  );
}
