import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { useMarkRead } from '../../api/notifications.ts';
import { useSession } from '../../lib/session.ts';
import { OPENED_MESSAGE, OPENED_PARAM } from './push-opened-param.ts';

const idOf = (v: unknown): number | null => {
  const s = typeof v === 'number' || typeof v === 'string' ? String(v) : '';
  return /^[1-9]\d{0,8}$/.test(s) ? Number(s) : null;
};

/**
 * A tapped push marks its notification read (CONTRACT §15, POST /api/notifications/mine/read/). The
 * worker cannot call the API (the token lives only in this page's memory), so the page it opened
 * does, then takes the parameter out of the address. Renders nothing.
 */
export function PushOpenedRead() {
  const { signedIn } = useSession();
  const [params, setParams] = useSearchParams();
  const { mutate } = useMarkRead();
  const opened = params.get(OPENED_PARAM);

  useEffect(() => {
    if (opened === null) return;
    const id = idOf(opened);
    // Another account's id is ignored by the server; a visitor has nothing to mark.
    if (id !== null && signedIn) mutate([id]);
    setParams(
      (now) => {
        const next = new URLSearchParams(now);
        next.delete(OPENED_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [opened, signedIn, mutate, setParams]);

  useEffect(() => {
    const worker = typeof navigator === 'undefined' ? undefined : navigator.serviceWorker;
    if (!worker || !signedIn) return;
    const onMessage = (event: MessageEvent<unknown>) => {
      const data = event.data as { type?: unknown; id?: unknown } | null;
      const id = data?.type === OPENED_MESSAGE ? idOf(data.id) : null;
      if (id !== null) mutate([id]);
    };
    worker.addEventListener('message', onMessage);
    return () => worker.removeEventListener('message', onMessage);
  }, [signedIn, mutate]);

  return null;
}
