import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useNotify, useRecordContext } from 'react-admin';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/Delete';
import { EXTRA_FILE_EXTENSIONS, MAIN_VIDEO_EXTENSIONS, type AdminVideo } from '@store/contract';
import { adminCall, failureMessage } from '../../lib/admin-api.ts';
import { sizeOrDash } from '../../lib/format.ts';
import { PictureButton } from '../../components/picture-button.tsx';
import { UploadButton } from '../../components/upload-button.tsx';
import { JobChip } from './job-chip.tsx';
import { useWords, w } from './words.ts';

const accept = (exts: readonly string[]) => exts.map((e) => `.${e}`).join(',');

type Say = ReturnType<typeof useWords>;
const length = (t: Say, seconds: number) => t('media.duration', { minutes: Math.floor(seconds / 60), seconds: Math.round(seconds % 60) });

/** How long a transcode will take (waiting) or still needs (running), as the server reckons it. */
function timeToGo(t: Say, job: AdminVideo['job']): string | null {
  const running = job?.state === 'running';
  const seconds = running ? job.seconds_left : job?.state === 'queued' ? job.expected_seconds : null;
  if (seconds === null || seconds === undefined) return null;
  if (seconds < 60) return t(running ? 'media.under_a_minute' : 'media.expected_under_a_minute');
  return t(running ? 'media.time_left' : 'media.expected', { minutes: Math.ceil(seconds / 60) });
}

/** Why the file that plays ends early, for staff to upload it again. */
function endsEarlyText(t: Say, e: NonNullable<AdminVideo['ends_early']>): string {
  const playable = length(t, e.playable_seconds);
  return e.reason === 'shorter_than_declared' && e.declared_seconds !== null ? t('media.ends_early_declared', { playable, declared: length(t, e.declared_seconds) }) : t('media.ends_early_packet', { playable });
}

/** A video's media: poster, main video (upload, transcoding progress, retry) and extra files. */
export function MediaPanel() {
  const record = useRecordContext<AdminVideo>();
  const id = record?.id;
  const notify = useNotify();
  const t = useWords();
  const queryClient = useQueryClient();
  const [retrying, setRetrying] = useState(false);
  const key = ['video-media', id];
  const { data: video } = useQuery({
    queryKey: key,
    queryFn: () => adminCall<AdminVideo>(`/videos/${id}`, { method: 'GET' }),
    enabled: id !== undefined,
    // Watch a job while it runs; stop asking once it is done or failed.
    refetchInterval: (q) => (q.state.data?.job && ['queued', 'running'].includes(q.state.data.job.state) ? 2000 : false),
  });
  const reload = useCallback(() => void queryClient.invalidateQueries({ queryKey: ['video-media', id] }), [queryClient, id]);

  if (id === undefined) return null;
  if (!video) return <Skeleton variant="rounded" height={200} aria-label={t('media.loading')} />;

  async function retry() {
    setRetrying(true);
    try {
      queryClient.setQueryData(key, await adminCall<AdminVideo>(`/videos/${id}/retry`, { method: 'POST' }));
      notify(w('media.retried'), { type: 'success' });
    } catch (err) {
      notify(failureMessage(err, w('media.retry_failed')), { type: 'error' });
    } finally {
      setRetrying(false);
    }
  }

  async function removeFile(fileId: number, name: string) {
    if (!window.confirm(t('media.confirm_remove', { name }))) return;
    try {
      queryClient.setQueryData(key, await adminCall<AdminVideo>(`/videos/${id}/files/${fileId}`, { method: 'DELETE' }));
      notify(w('media.removed'), { type: 'success', messageArgs: { name } });
    } catch (err) {
      notify(failureMessage(err, w('media.remove_failed')), { type: 'error' });
    }
  }

  const job = video.job;
  const transcoding = job?.state === 'queued' || job?.state === 'running';
  return (
    <Box component="section" aria-labelledby="media-heading" sx={{ p: 2 }}>
      <Typography id="media-heading" variant="h6" component="h2" gutterBottom>
        {t('media.heading')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3} divider={<Divider flexItem orientation="vertical" />}>
        <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
          <Typography variant="subtitle2" component="h3">
            {t('media.poster')}
          </Typography>
          {video.poster ? <img src={video.poster} alt={t('media.poster_of', { title: video.title })} width={120} height={180} style={{ objectFit: 'cover', borderRadius: 6 }} /> : <Typography variant="body2">{t('media.no_poster')}</Typography>}
          <PictureButton path={`/videos/${id}/poster`} label={video.poster ? t('media.change_poster') : t('media.upload_poster')} onDone={reload} />
        </Stack>

        <Stack spacing={1} sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="subtitle2" component="h3">
            {t('media.main')}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <JobChip video={video} />
            {/* While a new file transcodes, the duration on record is the old file's: shown again once the new one is in. */}
            {video.duration !== null && !transcoding && <Typography variant="body2">{length(t, video.duration)}</Typography>}
          </Stack>
          {job?.state === 'running' && <LinearProgress variant="determinate" value={job.progress} aria-label={t('media.progress')} />}
          {timeToGo(t, job) && (
            <Typography variant="caption" color="text.secondary">
              {timeToGo(t, job)}
            </Typography>
          )}
          {video.ends_early && !transcoding && <Alert severity="warning">{endsEarlyText(t, video.ends_early)}</Alert>}
          {job?.state === 'failed' && (
            <Alert
              severity="error"
              action={
                <Button color="inherit" size="small" disabled={retrying} onClick={() => void retry()}>
                  {t('media.retry')}
                </Button>
              }
            >
              {t('media.failed_after', { attempts: job.attempts, error: job.error })}
            </Alert>
          )}
          <UploadButton videoId={id} kind="main" label={video.playable || job ? t('media.replace') : t('media.upload')} accept={`video/*,${accept(MAIN_VIDEO_EXTENSIONS)}`} onDone={reload} />
          <Typography variant="caption" color="text.secondary">
            {t('media.upload_help')}
          </Typography>

          <Typography variant="subtitle2" component="h3" sx={{ pt: 2 }}>
            {t('media.extra')}
          </Typography>
          {video.files.length === 0 ? (
            <Typography variant="body2">{t('media.no_extra')}</Typography>
          ) : (
            <List dense disablePadding>
              {video.files.map((f) => (
                <ListItem
                  key={f.id}
                  disableGutters
                  secondaryAction={
                    <IconButton edge="end" aria-label={t('media.remove_file', { name: f.name })} onClick={() => void removeFile(f.id, f.name)}>
                      <DeleteIcon />
                    </IconButton>
                  }
                >
                  <ListItemText primary={f.name} secondary={sizeOrDash(f.size)} />
                </ListItem>
              ))}
            </List>
          )}
          <UploadButton videoId={id} kind="extra" label={t('media.add_file')} accept={accept(EXTRA_FILE_EXTENSIONS)} onDone={reload} />
        </Stack>
      </Stack>
    </Box>
  );
}
