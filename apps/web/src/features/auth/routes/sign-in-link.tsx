import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../../lib/api-client.ts';
import { pageSx, PageTitle } from '../../../components/page.tsx';
import { useSignInLinkCheck, useSignInWithLink } from '../../../api/session.ts';
import { useT } from '../../../lib/i18n.ts';
import { isBackOffice, openBackOffice } from '../../../lib/back-office.ts';

/**
 * /account/sign-in/{token}: the link mailed by the checkout's sign-up. In the browser that asked for
 * it, it signs in once and carries the purchase on where it was (`next`: the video's buy dialog, the
 * cart's checkout). In any other, it asks first whose account this is and only signs in: a link
 * someone mailed themselves and passed on must not sign another person in as them, with their cart.
 */
export default function SignInLinkScreen() {
  const t = useT();
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const check = useSignInLinkCheck(token);
  const signIn = useSignInWithLink();
  const { mutate } = signIn;
  const sameBrowser = check.data?.same_browser === true;

  // A DJ's login (invited by staff) lands in the back office, another app: a page load, not the router.
  const go = useCallback(() => mutate(token, { onSuccess: (res) => (res.next && isBackOffice(res.next) ? openBackOffice(res.next) : navigate(res.next ?? '/', { replace: true })) }), [token, mutate, navigate]);
  useEffect(() => {
    if (sameBrowser) go();
  }, [sameBrowser, go]);

  const error = check.error ?? signIn.error;
  const tokenProblem = error instanceof ApiError ? error.fieldErrors.token?.[0] : undefined;
  const asking = check.data && !sameBrowser && !error;
  return (
    <Box sx={{ ...pageSx, maxWidth: 480, mx: 'auto' }}>
      <PageTitle>{t('auth.signing_in_title')}</PageTitle>
      {!error && (!asking || signIn.isPending) && <LinearProgress aria-label={t('auth.signing_in')} />}
      {asking && (
        <>
          <Typography sx={{ mt: 2 }}>{t('auth.sign_in_as', { email: check.data.email })}</Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {t('auth.sign_in_as_other_device')}
          </Typography>
          <Button variant="contained" sx={{ mt: 2 }} onClick={go} disabled={signIn.isPending}>
            {t('auth.sign_in_as_button')}
          </Button>
        </>
      )}
      {error && (
        <>
          <Alert severity="error">{tokenProblem ?? t('auth.sign_in_link_failed')}</Alert>
          <Button component={Link} to="/account/authenticate" variant="contained" sx={{ mt: 2 }}>
            {t('auth.log_in_instead')}
          </Button>
        </>
      )}
    </Box>
  );
}
