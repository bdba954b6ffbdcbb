import { lazy, Suspense, useState } from 'react';
import Button from '@mui/material/Button';
import { useFamilyLock, lockedOut } from '../lib/family-lock.ts';
import { useT } from '../lib/i18n.ts';

const PinDialog = lazy(() => import('./pin-dialog.tsx').then((m) => ({ default: m.PinDialog })));

/**
 * Where a 16 or 18 video would play or be bought while the family lock is on and this phone is not
 * unlocked: says so, and asks for the PIN. Renders nothing otherwise.
 */
export function FamilyLockNote({ rating, onUnlocked }: { rating: string; onUnlocked?: () => void }) {
  const t = useT();
  useFamilyLock();
  const [asking, setAsking] = useState(false);
  if (!lockedOut(rating)) return null;
  return (
    <div className="family-lock-note" role="note" style={{ margin: '8px 0', display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 8 }}>
      <span>{t('family.locked_note')}</span>
      <Button variant="contained" size="small" onClick={() => setAsking(true)}>
        {t('family.enter_pin')}
      </Button>
      {asking && (
        <Suspense fallback={null}>
          <PinDialog
            open
            rating={rating}
            onClose={() => setAsking(false)}
            onUnlocked={() => {
              setAsking(false);
              onUnlocked?.();
            }}
          />
        </Suspense>
      )}
    </div>
  );
}

/** How many rows the server's answers (a list, or the pages of one) left out for the family lock: their `hidden`. */
export function hiddenIn(...answers: unknown[]): number {
  return answers.reduce<number>((sum, a) => sum + (a && typeof a === 'object' && 'hidden' in a && typeof a.hidden === 'number' ? a.hidden : 0), 0);
}

/** Under a list of the account's own videos that the lock shortened: how many it hides, and the PIN to show them. */
export function HiddenByFamilyLock({ count }: { count: number }) {
  const t = useT();
  const [asking, setAsking] = useState(false);
  if (count === 0) return null;
  return (
    <div className="family-lock-note" role="note" style={{ margin: '8px 0', display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 8 }}>
      <span>{t('family.hidden_in_list', { count })}</span>
      <Button variant="outlined" size="small" onClick={() => setAsking(true)}>
        {t('family.enter_pin')}
      </Button>
      {asking && (
        <Suspense fallback={null}>
          <PinDialog open rating="18" onClose={() => setAsking(false)} onUnlocked={() => setAsking(false)} />
        </Suspense>
      )}
    </div>
  );
}
