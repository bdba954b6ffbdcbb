import { useRef } from 'react';
import { useTranslate } from 'react-admin';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import UploadIcon from '@mui/icons-material/Upload';
import { formatBytes } from '@store/contract';
import { useTusUpload } from '../lib/use-tus-upload.ts';
import { useWords } from '../providers/words.ts';

/**
 * Pick a file and upload it resumably, with a progress bar, pause and resume. A dropped connection
 * is retried on its own; the same file picked again after a reload carries on where it stopped.
 */
export function UploadButton(props: { videoId: number; kind: 'main' | 'extra'; label: string; accept: string; onDone: () => void }) {
  const input = useRef<HTMLInputElement>(null);
  const t = useWords();
  const translate = useTranslate();
  const { state, start, pause, resume } = useTusUpload({ video_id: props.videoId, kind: props.kind }, props.onDone);
  const busy = state.phase === 'uploading' || state.phase === 'paused';
  const percent = busy && state.total ? Math.floor((state.sent / state.total) * 100) : 0;

  return (
    <Box>
      <input
        ref={input}
        type="file"
        hidden
        accept={props.accept}
        aria-label={props.label}
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) start(file);
          e.target.value = '';
        }}
      />
      {!busy && (
        <Button variant="outlined" startIcon={<UploadIcon />} onClick={() => input.current?.click()}>
          {props.label}
        </Button>
      )}
      {busy && (
        <Stack spacing={0.5} role="group" aria-label={t('upload.group', { name: state.name })}>
          <Typography variant="body2">
            {t(state.phase === 'paused' ? 'upload.paused' : 'upload.uploading', { name: state.name, sent: formatBytes(state.sent), total: formatBytes(state.total), percent })}
          </Typography>
          <LinearProgress variant="determinate" value={percent} aria-label={t('upload.progress', { name: state.name })} />
          <Box>
            {state.phase === 'uploading' ? (
              <Button size="small" onClick={pause}>
                {t('upload.pause')}
              </Button>
            ) : (
              <Button size="small" onClick={resume}>
                {t('upload.resume')}
              </Button>
            )}
          </Box>
        </Stack>
      )}
      {state.phase === 'done' && (
        <Typography variant="body2" color="success.main" role="status">
          {t('upload.done', { name: state.name })}
        </Typography>
      )}
      {state.phase === 'failed' && (
        <Typography variant="body2" color="error" role="alert">
          {state.name}: {translate(state.message, { _: state.message })}
        </Typography>
      )}
    </Box>
  );
}
