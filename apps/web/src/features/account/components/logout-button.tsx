import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useLogout } from '../../../api/session.ts';
import { useT } from '../../../lib/i18n.ts';
import { ownSavedCopies, removeSavedCopiesOf } from '../../../lib/saved-copies.ts';
import { signedInAccount } from '../../../lib/session.ts';

/**
 * Signs out and goes to the login page, even when the server cannot be reached (seed §4). When the
 * account has videos saved on this phone it first asks whether to keep them (hidden and unplayable
 * until it signs in again) or remove them (decision 0035).
 */
export function LogoutButton({ label, variant = 'outlined' as const }: { label?: string; variant?: 'outlined' | 'text' | 'contained' }) {
  const t = useT();
  const navigate = useNavigate();
  const logout = useLogout();
  const [asking, setAsking] = useState<number | null>(null);
  const signOut = async (removeSaved: boolean) => {
    const account = signedInAccount();
    if (removeSaved && account !== null) await removeSavedCopiesOf(account);
    setAsking(null);
    logout.mutate(undefined, { onSettled: () => navigate('/account/authenticate') });
  };
  const start = () => {
    const saved = ownSavedCopies().count;
    if (saved > 0) setAsking(saved);
    else void signOut(false);
  };
  return (
    <>
      <Button variant={variant} color="inherit" disabled={logout.isPending} onClick={start}>
        {label ?? t('account.signout')}
      </Button>
      <Dialog open={asking !== null} onClose={() => setAsking(null)} aria-labelledby="logout-saved-title">
        <DialogTitle id="logout-saved-title">{t('account.logout_saved_title')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('account.logout_saved_text', { count: asking ?? 0 })}</DialogContentText>
        </DialogContent>
        <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Button onClick={() => setAsking(null)}>{t('account.cancel')}</Button>
          <Button color="error" onClick={() => void signOut(true)}>
            {t('account.logout_remove')}
          </Button>
          <Button variant="contained" onClick={() => void signOut(false)}>
            {t('account.logout_keep')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
