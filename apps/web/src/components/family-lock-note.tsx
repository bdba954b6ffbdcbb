import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useFamilyLock, lockedOut } from '../lib/family-lock.ts';
import { useT } from '../lib/i18n.ts';

const PinDialog = lazy(() => import('./pin-dialog.tsx').then((m) => ({ default: m.PinDialog })));

/**
 * The PIN asked for where the lock blocks a 16 or 18 (Watch now, Play): `ask()` opens the dialog,
 * `dialog` is what to render; after the right PIN `onUnlocked` goes on with what was tapped.
 */
export function useAskForPin(rating: string, onUnlocked: () => void): { ask: () => void; dialog: ReactNode } {
  const [asking, setAsking] = useState(false);
  const dialog = asking && (
    <Suspense fallback={null}>
      <PinDialog
        open
        rating={rating}
        onClose={() => setAsking(false)}
        onUnlocked={() => {
          setAsking(false);
          onUnlocked();
        }}
      />
    </Suspense>
  );
  return { ask: () => setAsking(true), dialog };
}

/**
 * Where a 16 or 18 video would play or be bought while the family lock is on and this phone is not
 * unlocked: says so, and asks for the PIN. Renders nothing otherwise.
 */
export function FamilyLockNote({ rating, onUnlocked }: { rating: string; onUnlocked?: () => void }) {
  const t = useT();
  useFamilyLock();
  const pin = useAskForPin(rating, () => onUnlocked?.());
  // The dialog sits beside the note, not in it: the right PIN removes the note, and the dialog stays
  // open until it closes itself (PinDialog awaits its answer, so onUnlocked runs either way).
  return (
    <>
      {lockedOut(rating) && (
        <div className="family-lock-note" role="note" style={{ margin: '8px 0', display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 8 }}>
          <span>{t('family.locked_note')}</span>
          <button type="button" className="btn btn-contained btn-small" onClick={pin.ask}>
            {t('family.enter_pin')}
          </button>
        </div>
      )}
      {pin.dialog}
    </>
  );
}

/** How many rows the server's answers (a list, or the pages of one) left out for the family lock: their `hidden`. */
export function hiddenIn(...answers: unknown[]): number {
  return answers.reduce<number>((sum, a) => sum + (a && typeof a === 'object' && 'hidden' in a && typeof a.hidden === 'number' ? a.hidden : 0), 0);
}

const HIDDEN_WORDS = { videos: 'family.hidden_in_list', receipts: 'family.hidden_receipts', entries: 'family.hidden_entries', gifts: 'family.hidden_gifts' } as const;

/**
 * Under a list of the account's own videos that the lock shortened: how many it hides, and the PIN
 * to show them. `rows` names what the list counts (a film may have three receipts).
 */
export function HiddenByFamilyLock({ count, rows = 'videos' }: { count: number; rows?: keyof typeof HIDDEN_WORDS }) {
  const t = useT();
  const pin = useAskForPin('18', () => undefined);
  if (count === 0) return null;
  return (
    <div className="family-lock-note" role="note" style={{ margin: '8px 0', display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 8 }}>
      <span>{t(HIDDEN_WORDS[rows], { count })}</span>
      <button type="button" className="btn btn-outlined btn-small" onClick={pin.ask}>
        {t('family.enter_pin')}
      </button>
      {pin.dialog}
    </div>
  );
}
