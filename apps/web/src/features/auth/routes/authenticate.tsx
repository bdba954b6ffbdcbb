import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { loginInputSchema, registerFormSchema, resetRequestInputSchema } from '@store/contract';
import { ApiError } from '../../../lib/api-client.ts';
import { fieldProps, showServerErrors, useSchemaForm } from '../../../lib/forms.ts';
import { nextPath } from '../../../lib/next-path.ts';
import { pageSx, PageTitle } from '../../../components/page.tsx';
import { useRegister, useRequestReset } from '../api/auth-calls.ts';
import { useLogin } from '../../../api/session.ts';
import { t as translate, useT } from '../../../lib/i18n.ts';
import PhoneSignIn from './phone-sign-in.tsx';

export const LOGIN_REDIRECT_MS = 500;
export const RESET_HINT_MS = 4000;
type AuthTab = 'login' | 'register' | 'forgot';

/** A failure that is not about one field: the server's sentence, or the connection. */
const generalError = (err: unknown) => (err instanceof ApiError && Object.keys(err.fieldErrors).length === 0 ? err.message : err && !(err instanceof ApiError) ? translate('auth.connection_error') : null);

/** Login with the contract's schema (the server's own rules, seed §5), then on to where the customer was going. */
function LoginForm({ next }: { next: string }) {
  const navigate = useNavigate();
  const login = useLogin();
  const t = useT();
  const form = useSchemaForm(loginInputSchema, { email: '', password: '' });
  const submit = form.handleSubmit((values) =>
    login.mutate(values, { onSuccess: () => setTimeout(() => navigate(next), LOGIN_REDIRECT_MS), onError: (err) => void showServerErrors(form, err) }),
  );
  return (
    <Box component="form" noValidate onSubmit={(e) => void submit(e)} sx={{ display: 'grid', gap: 1.5 }} aria-label={t('auth.login')}>
      <TextField label={t('auth.email')} type="email" autoComplete="email" required {...fieldProps(form, 'email', '')} />
      <TextField label={t('auth.password')} type="password" autoComplete="current-password" required {...fieldProps(form, 'password', '')} />
      {login.isPending && <LinearProgress aria-label={t('auth.logging_in')} />}
      {generalError(login.error) && <Alert severity="error">{generalError(login.error)}</Alert>}
      {login.isSuccess && <Alert severity="success">{t('auth.welcome_back')}</Alert>}
      <Button type="submit" variant="contained" disabled={login.isPending || login.isSuccess}>
        {t('auth.login')}
      </Button>
    </Box>
  );
}

/** Registering signs the new customer in and carries on where they were (issue 13). */
function RegisterForm({ next }: { next: string }) {
  const navigate = useNavigate();
  const register = useRegister();
  const login = useLogin();
  const t = useT();
  const form = useSchemaForm(registerFormSchema, { username: '', email: '', password: '' });
  const submit = form.handleSubmit((values) =>
    register.mutate(values, {
      onSuccess: () => login.mutate({ email: values.email, password: values.password }, { onSuccess: () => setTimeout(() => navigate(next), LOGIN_REDIRECT_MS) }),
      onError: (err) => void showServerErrors(form, err, { password1: 'password', password2: 'password' }),
    }),
  );
  return (
    <Box component="form" noValidate onSubmit={(e) => void submit(e)} sx={{ display: 'grid', gap: 1.5 }} aria-label={t('auth.register')}>
      <TextField label={t('auth.username')} autoComplete="username" required {...fieldProps(form, 'username', '')} />
      <TextField label={t('auth.email')} type="email" autoComplete="email" required {...fieldProps(form, 'email', '')} />
      <TextField label={t('auth.password')} type="password" autoComplete="new-password" required {...fieldProps(form, 'password', t('auth.password_hint'))} slotProps={{ htmlInput: { maxLength: 128 } }} />
      {(register.isPending || login.isPending) && <LinearProgress aria-label={t('auth.creating_account')} />}
      {generalError(register.error ?? login.error) && <Alert severity="error">{generalError(register.error ?? login.error)}</Alert>}
      {register.isSuccess && login.isSuccess && <Alert severity="success">{t('auth.account_created')}</Alert>}
      <Button type="submit" variant="contained" disabled={register.isPending || login.isPending || login.isSuccess}>
        {t('auth.register')}
      </Button>
    </Box>
  );
}

function ForgotForm() {
  const request = useRequestReset();
  const t = useT();
  const form = useSchemaForm(resetRequestInputSchema, { email: '' });
  const [hint, setHint] = useState(false);
  useEffect(() => {
    if (!request.isSuccess) return;
    const timer = setTimeout(() => setHint(true), RESET_HINT_MS);
    return () => clearTimeout(timer);
  }, [request.isSuccess]);
  const submit = form.handleSubmit((values) => {
    setHint(false);
    request.mutate(values);
  });
  return (
    <Box component="form" noValidate onSubmit={(e) => void submit(e)} sx={{ display: 'grid', gap: 1.5 }} aria-label={t('auth.forgot_password')}>
      <TextField label={t('auth.email')} type="email" autoComplete="email" required {...fieldProps(form, 'email', '')} />
      {request.isPending && <LinearProgress aria-label={t('auth.sending')} />}
      {request.isError && <Alert severity="error">{request.error instanceof ApiError && request.error.status === 429 ? request.error.message : t('auth.send_failed')}</Alert>}
      {request.isSuccess && <Alert severity="success">{hint ? t('auth.check_email') : t('auth.link_sent')}</Alert>}
      <Button type="submit" variant="contained" disabled={request.isPending}>
        {t('auth.send_link')}
      </Button>
    </Box>
  );
}

/** /account/authenticate: the Login, Register and Forgot password tabs (seed §2). */
export default function AuthenticateScreen() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const tab = (['login', 'register', 'forgot'] as const).find((name) => name === params.get('tab')) ?? 'login';
  const next = nextPath(params) ?? '/';
  const show = (name: AuthTab) => setParams((p) => (p.set('tab', name), p.delete('with'), p), { replace: true });
  // Signing in by phone (CONTRACT §16) is the login tab's other way in, kept in the address.
  const withPhone = tab === 'login' && params.get('with') === 'phone';
  const choosePhone = (yes: boolean) => setParams((p) => (yes ? p.set('with', 'phone') : p.delete('with'), p), { replace: true });
  return (
    <Box sx={{ ...pageSx, maxWidth: 480, mx: 'auto' }}>
      <PageTitle>{t('auth.title')}</PageTitle>
      <Tabs value={tab} onChange={(_e, name: AuthTab) => show(name)} variant="fullWidth" sx={{ mb: 2 }}>
        <Tab value="login" label={t('auth.login')} />
        <Tab value="register" label={t('auth.register')} />
        <Tab value="forgot" label={t('auth.forgot_password')} />
      </Tabs>
      {withPhone && <PhoneSignIn next={next} onEmail={() => choosePhone(false)} />}
      {tab === 'login' && !withPhone && (
        <>
          <LoginForm next={next} />
          <Button variant="outlined" onClick={() => choosePhone(true)} sx={{ mt: 2, width: '100%' }}>
            {t('auth.phone_sign_in')}
          </Button>
        </>
      )}
      {tab === 'register' && <RegisterForm next={next} />}
      {tab === 'forgot' && <ForgotForm />}
    </Box>
  );
}
