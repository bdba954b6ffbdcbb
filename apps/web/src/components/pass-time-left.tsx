import { useEffect, useState } from 'react';
import { useT } from '../lib/i18n.ts';
import { passTimeLeft } from './pass-words.ts';

/** The time a pass has left ("Ends in 2 days"), said again each minute. Plain text: the video page shows it without MUI. */
export function PassTimeLeft({ endsAt }: { endsAt: string }) {
  const t = useT();
  const [, tick] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => tick((n) => n + 1), 60_000);
    return () => clearInterval(timer);
  }, []);
  return <span data-testid="pass-time-left">{passTimeLeft(t, endsAt)}</span>;
}
