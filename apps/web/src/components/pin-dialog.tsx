import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useUnlockFamily } from '../api/family-lock.ts';
import { ApiError } from '../lib/api-client.ts';
import { pinMatchesHere, unlockHere } from '../lib/family-lock.ts';
import { useT } from '../lib/i18n.ts';

interface PinDialogProps {
  open: boolean;
  /** The rating that asks (16 or 18), said in the question. */
  rating: string;
  onClose: () => void;
  onUnlocked: () => void;
  /** A saved copy with no network: the PIN is checked on this phone (lib/family-lock.ts). */
  offline?: boolean;
}

/**
 * The family lock's question (CONTRACT §13): where a 16 or 18 video would play or be bought. The PIN
 * unlocks this phone for 4 hours (the server's X-Family-Unlock, kept on the phone); wrong PINs are
 * counted by the server, which answers a 429 after five.
 */
export function PinDialog({ open, rating, onClose, onUnlocked, offline = false }: PinDialogProps) {
  const t = useT();
  const unlock = useUnlockFamily();
  const [pin, setPin] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    if (offline) {
      const matches = await pinMatchesHere(pin);
      if (matches === null) return setError(t('family.pin_offline_unknown'));
      if (!matches) return setError(t('family.pin_wrong'));
      unlockHere();
      setPin('');
      return onUnlocked();
    }
    // Awaited here, not as mutate's callbacks: the right PIN may take the page that asked away (the
    // player's page shows the player instead of its store page), and what was tapped still goes on.
    await unlock.mutateAsync(pin).then(
      () => {
        setPin('');
        onUnlocked();
      },
      (err: unknown) => setError(err instanceof ApiError && err.status === 400 ? t('family.pin_wrong') : err instanceof Error ? err.message : String(err)),
    );
  }

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs">
      <form onSubmit={(e) => void submit(e)}>
        <DialogTitle>{t('family.pin_title')}</DialogTitle>
        <DialogContent>
          <p style={{ marginTop: 0 }}>{t('family.pin_why', { rating })}</p>
          <TextField
            autoFocus
            fullWidth
            label={t('family.pin_label')}
            value={pin}
            onChange={(e) => setPin(e.target.value.replace(/\D/g, '').slice(0, 4))}
            slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off', maxLength: 4, pattern: '[0-9]{4}', 'data-testid': 'family-pin' } }}
            type="password"
          />
          {error && (
            <Alert severity="error" sx={{ mt: 2 }} role="alert">
              {error}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('family.pin_cancel')}</Button>
          <Button type="submit" variant="contained" disabled={pin.length !== 4 || unlock.isPending}>
            {t('family.pin_open')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
