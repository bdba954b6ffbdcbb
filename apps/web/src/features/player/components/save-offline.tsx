import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DownloadForOfflineIcon from '@mui/icons-material/DownloadForOffline';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { Video } from '@store/contract';
import { useT } from '../../../lib/i18n.ts';
import { megabytes, megabytesExact, rungBytes } from '../offline/data.ts';
import { storageSpace } from '../offline/files.ts';
import { useSavedVideos, type SavedVideo } from '../offline/saved-videos.ts';
import { canTellWifi, isRunning, pauseSaving, removeSaved, resumeSaving, startSaving } from '../offline/saver.ts';

const boxSx = { mt: 3, p: 1.5, bgcolor: 'background.paper', borderRadius: 1 } as const;

/** Where a save stands, in words: saving, paused and why, or saved. */
function statusText(t: ReturnType<typeof useT>, v: SavedVideo): string {
  const sizes = { stored: megabytesExact(v.storedBytes), total: megabytesExact(Math.max(v.expectedBytes, v.storedBytes)) };
  if (v.status === 'saved') return t('player.offline.saved', { mb: megabytes(v.storedBytes) });
  if (v.status === 'saving' && isRunning(v.id)) return t('player.offline.saving', sizes);
  if (v.pausedFor === 'wifi') return t('player.offline.waiting_wifi', sizes);
  if (v.pausedFor === 'connection') return t('player.offline.connection_lost', sizes);
  return t('player.offline.paused', sizes);
}

/** A save under way or done: its progress bar in MB, Pause or Resume, and Remove (`quiet`: nothing said once saved). */
export function SaveProgress({ saved, quiet = false }: { saved: SavedVideo; quiet?: boolean }) {
  const t = useT();
  const total = Math.max(saved.expectedBytes, saved.storedBytes, 1);
  const running = saved.status === 'saving' && isRunning(saved.id);
  return (
    <>
      {!(quiet && saved.status === 'saved') && (
        <Typography role="status" sx={{ mb: 1 }}>
          {statusText(t, saved)}
        </Typography>
      )}
      {saved.status !== 'saved' && <LinearProgress variant="determinate" value={Math.min(100, (saved.storedBytes / total) * 100)} aria-label={t('player.offline.progress')} sx={{ mb: 1, height: 8, borderRadius: 1 }} />}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {saved.status !== 'saved' &&
          (running ? (
            <Button size="small" variant="outlined" onClick={() => pauseSaving(saved.id)}>
              {t('player.offline.pause')}
            </Button>
          ) : (
            <Button size="small" variant="outlined" onClick={() => void resumeSaving(saved.id)}>
              {t('player.offline.resume')}
            </Button>
          ))}
        <Button size="small" color="error" onClick={() => void removeSaved(saved.id)} aria-label={t('player.offline.remove_named', { title: saved.title })}>
          {t('player.offline.remove')}
        </Button>
      </Box>
    </>
  );
}

/**
 * 'Save for offline' on /watch for an owner (CONTRACT §9): the data-saver rung unless the customer
 * picks another, its size in MB and the phone's free space said before anything is downloaded, and
 * an optional 'Only on Wi-Fi' where the browser can tell the network.
 */
export function SaveOffline({ video }: { video: Video }) {
  const t = useT();
  const saved = useSavedVideos().find((v) => v.id === video.vidId);
  const media = video.media!;
  const rungs = [...media.renditions].sort((a, b) => a.height - b.height);
  const [rungName, setRungName] = useState(() => (rungs.find((r) => r.data_saver) ?? rungs[0])?.name ?? '');
  const [wifiOnly, setWifiOnly] = useState(false);
  const [free, setFree] = useState<number | null>(null);
  useEffect(() => {
    void storageSpace().then((s) => setFree(s?.free ?? null));
  }, [saved?.status]);
  if (media.state !== 'ready' || !media.stream || !media.duration || rungs.length === 0) return null;
  const duration = media.duration;
  const rung = rungs.find((r) => r.name === rungName) ?? rungs[0]!;
  const bytes = rungBytes(rung.bandwidth, duration);
  const tooBig = free !== null && bytes > free;

  return (
    <Box component="section" aria-labelledby="offline-heading" sx={boxSx}>
      <Typography id="offline-heading" variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('player.offline.heading')}
      </Typography>
      {saved ? (
        <SaveProgress saved={saved} />
      ) : (
        <>
          <TextField
            select
            size="small"
            label={t('player.offline.quality')}
            value={rung.name}
            onChange={(e) => setRungName(e.target.value)}
            slotProps={{ select: { native: true } }}
            sx={{ minWidth: 220, mb: 1 }}
          >
            {rungs.map((r) => (
              <option key={r.name} value={r.name}>
                {t('player.offline.rung_size', { name: r.data_saver ? t('player.data_saver') : r.name, mb: megabytes(rungBytes(r.bandwidth, duration)) })}
              </option>
            ))}
          </TextField>
          <Typography variant="body2" data-testid="offline-size">
            {t('player.offline.size', { mb: megabytes(bytes) })}
            {free !== null && ` ${t('player.offline.free', { mb: megabytes(free) })}`}
          </Typography>
          {tooBig && (
            <Typography variant="body2" color="error">
              {t('player.offline.no_space')}
            </Typography>
          )}
          {/* A rental saves the stream (never the download file, CONTRACT §11): saving is its first play. */}
          {video.rental && !video.owned && (
            <Typography variant="body2" sx={{ mt: 0.5 }} data-testid="offline-rental">
              {t('player.offline.rental_note')}
            </Typography>
          )}
          {canTellWifi() && <FormControlLabel control={<Checkbox checked={wifiOnly} onChange={(e) => setWifiOnly(e.target.checked)} />} label={t('player.offline.wifi_only')} />}
          <Box sx={{ mt: 1 }}>
            <Button variant="contained" startIcon={<DownloadForOfflineIcon />} disabled={tooBig} onClick={() => void startSaving(video, rung, wifiOnly)}>
              {t('player.offline.save')}
            </Button>
          </Box>
        </>
      )}
      <Button component={Link} to="/saved" size="small" sx={{ mt: 1 }}>
        {t('player.offline.saved_videos')}
      </Button>
    </Box>
  );
}
