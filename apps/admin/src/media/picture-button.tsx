import { useRef, useState } from 'react';
import { useNotify } from 'react-admin';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import ImageIcon from '@mui/icons-material/Image';
import { adminCall, failureMessage } from './admin-api.ts';

/** Sends a picture as the request body to `path` (PUT); the server re-encodes it in every width. */
export function PictureButton(props: { path: string; label: string; onDone: () => void }) {
  const input = useRef<HTMLInputElement>(null);
  const notify = useNotify();
  const [busy, setBusy] = useState(false);

  async function send(file: File) {
    setBusy(true);
    try {
      await adminCall(props.path, { method: 'PUT', body: file, contentType: file.type || 'application/octet-stream' });
      notify('Picture saved.', { type: 'success' });
      props.onDone();
    } catch (err) {
      notify(failureMessage(err, 'The picture could not be saved.'), { type: 'error' });
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
    </>
  );
}
