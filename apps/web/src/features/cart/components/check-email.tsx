import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { useT } from '../../../lib/i18n.ts';

/** After the checkout's sign-up: the link is in the mail, and opening it carries the purchase on. */
export function CheckEmail({ email }: { email: string }) {
  const t = useT();
  return (
    <Alert severity="success" role="status" sx={{ mt: 1.5, overflowWrap: 'anywhere' }}>
      <AlertTitle>{t('cart.check_email_title')}</AlertTitle>
      {t('cart.check_email_text', { email })}
    </Alert>
  );
}
