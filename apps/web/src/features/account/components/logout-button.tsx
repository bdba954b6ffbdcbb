import Button from '@mui/material/Button';
import { useNavigate } from 'react-router';
import { useLogout } from '../../../api/session.ts';
import { useT } from '../../../lib/i18n.ts';

/** Signs out and goes to the login page, even when the server cannot be reached (seed §4). */
export function LogoutButton({ label, variant = 'outlined' as const }: { label?: string; variant?: 'outlined' | 'text' | 'contained' }) {
  const t = useT();
  const navigate = useNavigate();
  const logout = useLogout();
  return (
    <Button variant={variant} color="inherit" disabled={logout.isPending} onClick={() => logout.mutate(undefined, { onSettled: () => navigate('/account/authenticate') })}>
      {label ?? t('account.signout')}
    </Button>
  );
}
