import { useEffect, useState } from 'react';
import { OutcomeAlert } from '../../../components/outcome-alert.tsx';
import { useT } from '../../../lib/i18n.ts';

/**
 * The store answered 503 (its database, Redis or the bucket blinked) and said when to try again: a
 * countdown to that moment, then one tap sends the same payment again under the same key, so it can
 * never be charged twice (issue 31).
 */
export function BusyRetry({ seconds, onRetry }: { seconds: number; onRetry: () => void }) {
  const t = useT();
  const [left, setLeft] = useState(Math.max(0, Math.ceil(seconds)));
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  return (
    <OutcomeAlert severity="warning" actionLabel={left <= 0 && t('cart.try_again')} onAction={onRetry}>
      <span role="status">{left > 0 ? t('cart.busy_wait', { seconds: left }) : t('cart.busy_now')}</span>
    </OutcomeAlert>
  );
}
