import { useCallback, useEffect, useRef, useState } from 'react';
import { Upload, type DetailedError } from 'tus-js-client';
import { currentLocale } from '../providers/i18n.ts';
import { currentAccessToken, renewAccessToken, setAccessToken } from '../providers/session.ts';
import { w } from '../providers/words.ts';

export type UploadState =
  | { phase: 'idle' }
  | { phase: 'uploading' | 'paused'; name: string; sent: number; total: number }
  | { phase: 'done'; name: string }
  | { phase: 'failed'; name: string; message: string };

/** What the server said, as CONTRACT's `{detail}`, or a plain reason (a key of the store's words). */
function reason(err: Error): string {
  const body = (err as DetailedError).originalResponse?.getBody();
  try {
    const detail = (JSON.parse(body ?? '') as { detail?: unknown }).detail;
    if (typeof detail === 'string') return detail;
  } catch {
    // not JSON: fall through
  }
  return navigator.onLine ? w('upload.failed') : w('upload.offline');
}

/**
 * A resumable upload (tus) to /api/admin/uploads: 8 MB chunks (about 2 minutes each on a 0.5 Mbit/s
 * uplink), retries with growing waits when the connection drops, and the same file picked again after
 * a reload carries on where it stopped.
 */
export function useTusUpload(meta: { video_id: number; kind: 'main' | 'extra' }, onDone: () => void) {
  const [state, setState] = useState<UploadState>({ phase: 'idle' });
  const upload = useRef<Upload | null>(null);
  useEffect(() => () => void upload.current?.abort(), []);

  const start = useCallback(
    (file: File) => {
      const u = new Upload(file, {
        endpoint: '/api/admin/uploads',
        chunkSize: 8 * 1024 * 1024,
        retryDelays: [0, 1000, 3000, 5000, 10000, 20000, 30000, 60000],
        removeFingerprintOnSuccess: true,
        metadata: { filename: file.name, filetype: file.type, video_id: String(meta.video_id), kind: meta.kind },
        async onBeforeRequest(req) {
          const token = currentAccessToken() ?? (await renewAccessToken());
          if (token) req.setHeader('Authorization', `Bearer ${token}`);
          // The server's refusals (too big, not a video) in the language chosen in the app bar, not the browser's.
          req.setHeader('Accept-Language', currentLocale());
        },
        onShouldRetry(err) {
          const status = (err as DetailedError).originalResponse?.getStatus() ?? 0;
          if (status === 401) {
            setAccessToken(null); // the next try renews it
            return true;
          }
          return status === 0 || status === 409 || status === 423 || status >= 500;
        },
        onProgress: (sent, total) => setState({ phase: 'uploading', name: file.name, sent, total }),
        onSuccess: () => {
          setState({ phase: 'done', name: file.name });
          onDone();
        },
        onError: (err) => setState({ phase: 'failed', name: file.name, message: reason(err) }),
      });
      upload.current = u;
      setState({ phase: 'uploading', name: file.name, sent: 0, total: file.size });
      void u.findPreviousUploads().then((previous) => {
        if (previous[0]) u.resumeFromPreviousUpload(previous[0]);
        u.start();
      });
    },
    [meta.video_id, meta.kind, onDone],
  );

  const pause = useCallback(() => {
    void upload.current?.abort();
    setState((s) => (s.phase === 'uploading' ? { ...s, phase: 'paused' } : s));
  }, []);
  const resume = useCallback(() => {
    upload.current?.start();
    setState((s) => (s.phase === 'paused' ? { ...s, phase: 'uploading' } : s));
  }, []);

  return { state, start, pause, resume };
}
