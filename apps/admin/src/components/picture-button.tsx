import { useRef, useState } from 'react';
import { useNotify } from 'react-admin';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import ImageIcon from '@mui/icons-material/Image';
import { adminCall, failureMessage } from '../lib/admin-api.ts';
import { useWords, w } from '../providers/words.ts';

/**
 * Sends a picture as the request body to `path` (PUT); the server re-encodes it in every width.
 * "Picture saved." shows beside the button, not as a toast: a toast at the foot of a phone's screen
 * covered the video's transcoding status just below.
 */
export function PictureButton(props: { path: string; label: string; onDone: () => void }) {
  const input = useRef<HTMLInputElement>(null);
  const notify = useNotify();
  const t = useWords();
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);

  async function send(file: File) {
    setBusy(true);
    setSaved(false);
    try {
      await adminCall(props.path, { method: 'PUT', body: file, contentType: file.type || 'application/octet-stream' });
      setSaved(true);
      props.onDone();
    } catch (err) {
      notify(failureMessage(err, w('picture.failed')), { type: 'error' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <input
        ref={input}
        type="file"
        hidden
        accept="image/jpeg,image/png,image/webp"
        aria-label={props.label}
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) void send(file);
          e.target.value = '';
        }}
      />
      <Button variant="outlined" startIcon={busy ? <CircularProgress size={16} /> : <ImageIcon />} disabled={busy} onClick={() => input.current?.click()}>
        {props.label}
      </Button>
      <Typography role="status" variant="body2" color="success.main" sx={{ minHeight: '1.5em' }}>
        {saved ? t('picture.saved') : ''}
      </Typography>
    </>
  );
}
