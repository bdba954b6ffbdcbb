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
import { adminCall, failureMessage } from '../media/admin-api.ts';
import { sizeOrDash } from '../media/format.ts';
import { PictureButton } from '../media/picture-button.tsx';
import { UploadButton } from '../media/upload-button.tsx';
import { JobChip } from './job-chip.tsx';

const accept = (exts: readonly string[]) => exts.map((e) => `.${e}`).join(',');
const minutes = (s: number) => `${Math.floor(s / 60)} min ${Math.round(s % 60)} s`;

/** A video's media: poster, main video (upload, transcoding progress, retry) and extra files. */
export function MediaPanel() {
  const record = useRecordContext<AdminVideo>();
  const id = record?.id;
  const notify = useNotify();
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
  if (!video) return <Skeleton variant="rounded" height={200} aria-label="Loading the media" />;

  async function retry() {
    setRetrying(true);
    try {
      queryClient.setQueryData(key, await adminCall<AdminVideo>(`/videos/${id}/retry`, { method: 'POST' }));
      notify('Transcoding queued again.', { type: 'success' });
    } catch (err) {
      notify(failureMessage(err, 'Could not retry.'), { type: 'error' });
    } finally {
      setRetrying(false);
    }
  }

  async function removeFile(fileId: number, name: string) {
    if (!window.confirm(`Remove ${name}? Customers will no longer see it.`)) return;
    try {
      queryClient.setQueryData(key, await adminCall<AdminVideo>(`/videos/${id}/files/${fileId}`, { method: 'DELETE' }));
      notify(`${name} removed.`, { type: 'success' });
    } catch (err) {
      notify(failureMessage(err, 'Could not remove the file.'), { type: 'error' });
    }
  }

  const job = video.job;
  const transcoding = job?.state === 'queued' || job?.state === 'running';
  return (
    <Box component="section" aria-labelledby="media-heading" sx={{ p: 2 }}>
      <Typography id="media-heading" variant="h6" component="h2" gutterBottom>
        Media
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3} divider={<Divider flexItem orientation="vertical" />}>
        <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
          <Typography variant="subtitle2" component="h3">
            Poster
          </Typography>
          {video.poster ? <img src={video.poster} alt={`Poster of ${video.title}`} width={120} height={180} style={{ objectFit: 'cover', borderRadius: 6 }} /> : <Typography variant="body2">No poster yet: one is taken from the video once it is transcoded.</Typography>}
          <PictureButton path={`/videos/${id}/poster`} label={video.poster ? 'Change poster' : 'Upload poster'} onDone={reload} />
        </Stack>

        <Stack spacing={1} sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="subtitle2" component="h3">
            Main video
          </Typography>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <JobChip video={video} />
            {/* While a new file transcodes, the duration on record is the old file's: shown again once the new one is in. */}
            {video.duration !== null && !transcoding && <Typography variant="body2">{minutes(video.duration)}</Typography>}
          </Stack>
          {job?.state === 'running' && <LinearProgress variant="determinate" value={job.progress} aria-label="Transcoding progress" />}
          {job?.state === 'failed' && (
            <Alert
              severity="error"
              action={
                <Button color="inherit" size="small" disabled={retrying} onClick={() => void retry()}>
                  Retry
                </Button>
              }
            >
              Transcoding failed after {job.attempts} attempts: {job.error}
            </Alert>
          )}
          <UploadButton videoId={id} kind="main" label={video.playable || job ? 'Replace the video' : 'Upload the video'} accept={`video/*,${accept(MAIN_VIDEO_EXTENSIONS)}`} onDone={reload} />
          <Typography variant="caption" color="text.secondary">
            Up to 8 GB. The upload survives a dropped connection; the video is transcoded for phones afterwards, and the current one keeps playing until the new one is ready.
          </Typography>

          <Typography variant="subtitle2" component="h3" sx={{ pt: 2 }}>
            Extra files
          </Typography>
          {video.files.length === 0 ? (
            <Typography variant="body2">No extra files (subtitles, guides, bonus clips).</Typography>
          ) : (
            <List dense disablePadding>
              {video.files.map((f) => (
                <ListItem
                  key={f.id}
                  disableGutters
                  secondaryAction={
                    <IconButton edge="end" aria-label={`Remove ${f.name}`} onClick={() => void removeFile(f.id, f.name)}>
                      <DeleteIcon />
                    </IconButton>
                  }
                >
                  <ListItemText primary={f.name} secondary={sizeOrDash(f.size)} />
                </ListItem>
              ))}
            </List>
          )}
          <UploadButton videoId={id} kind="extra" label="Add a file" accept={accept(EXTRA_FILE_EXTENSIONS)} onDone={reload} />
        </Stack>
      </Stack>
    </Box>
  );
}
