import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { PASSWORD_HINT } from '@store/contract';
import { ApiError } from '../../../lib/api-client.ts';
import { nextPath } from '../../../lib/next-path.ts';
import { pageSx, PageTitle } from '../../../components/page.tsx';
import { useRegister, useRequestReset } from '../api/auth-calls.ts';
import { useLogin } from '../../../api/session.ts';

export const LOGIN_REDIRECT_MS = 500;
export const RESET_HINT_MS = 4000;
type AuthTab = 'login' | 'register' | 'forgot';

/** The first message of each field the server refused (seed §5). */
const firstErrors = (err: unknown): Record<string, string> =>
  err instanceof ApiError ? Object.fromEntries(Object.entries(err.fieldErrors).map(([k, v]) => [k, v[0] ?? ''])) : {};
const generalError = (err: unknown) => (err instanceof ApiError && Object.keys(err.fieldErrors).length === 0 ? err.message : err && !(err instanceof ApiError) ? 'Error! Check your connection and try again.' : null);

function LoginForm({ email: initialEmail, next }: { email: string; next: string }) {
  const navigate = useNavigate();
  const login = useLogin();
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const errors = firstErrors(login.error);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    login.mutate({ email, password }, { onSuccess: () => setTimeout(() => navigate(next), LOGIN_REDIRECT_MS) });
  };
  return (
    <Box component="form" onSubmit={submit} sx={{ display: 'grid', gap: 1.5 }} aria-label="Login">
      <TextField label="Email" type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} error={Boolean(errors.email)} helperText={errors.email} />
      <TextField label="Password" type="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} error={Boolean(errors.password)} helperText={errors.password} />
      {login.isPending && <LinearProgress aria-label="Logging in" />}
      {generalError(login.error) && <Alert severity="error">{generalError(login.error)}</Alert>}
      {login.isSuccess && <Alert severity="success">Welcome back!</Alert>}
      <Button type="submit" variant="contained" disabled={login.isPending || login.isSuccess}>
        Login
      </Button>
    </Box>
  );
}

/** Registering signs the new customer in and carries on where they were (issue 13). */
function RegisterForm({ next }: { next: string }) {
  const navigate = useNavigate();
  const register = useRegister();
  const login = useLogin();
  const [values, setValues] = useState({ username: '', email: '', password: '' });
  const errors = firstErrors(register.error);
  const set = (k: keyof typeof values) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [k]: e.target.value }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    register.mutate(values, {
      onSuccess: () => login.mutate({ email: values.email, password: values.password }, { onSuccess: () => setTimeout(() => navigate(next), LOGIN_REDIRECT_MS) }),
    });
  };
  const passwordError = errors.password1 ?? errors.password2;
  return (
    <Box component="form" onSubmit={submit} sx={{ display: 'grid', gap: 1.5 }} aria-label="Register">
      <TextField label="Username" autoComplete="username" required value={values.username} onChange={set('username')} error={Boolean(errors.username)} helperText={errors.username} />
      <TextField label="Email" type="email" autoComplete="email" required value={values.email} onChange={set('email')} error={Boolean(errors.email)} helperText={errors.email} />
      <TextField
        label="Password"
        type="password"
        autoComplete="new-password"
        required
        value={values.password}
        onChange={set('password')}
        error={Boolean(passwordError)}
        helperText={passwordError ?? PASSWORD_HINT}
        slotProps={{ htmlInput: { minLength: 8, maxLength: 128 } }}
      />
      {(register.isPending || login.isPending) && <LinearProgress aria-label="Creating account" />}
      {generalError(register.error ?? login.error) && <Alert severity="error">{generalError(register.error ?? login.error)}</Alert>}
      {register.isSuccess && login.isSuccess && <Alert severity="success">Account created successfully.</Alert>}
      <Button type="submit" variant="contained" disabled={register.isPending || login.isPending || login.isSuccess}>
        Register
      </Button>
    </Box>
  );
}

function ForgotForm() {
  const request = useRequestReset();
  const [email, setEmail] = useState('');
  const [hint, setHint] = useState(false);
  useEffect(() => {
    if (!request.isSuccess) return;
    const timer = setTimeout(() => setHint(true), RESET_HINT_MS);
    return () => clearTimeout(timer);
  }, [request.isSuccess]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setHint(false);
    request.mutate({ email });
  };
  return (
    <Box component="form" onSubmit={submit} sx={{ display: 'grid', gap: 1.5 }} aria-label="Forgot password">
      <TextField label="Email" type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
      {request.isPending && <LinearProgress aria-label="Sending" />}
      {request.isError && <Alert severity="error">{request.error instanceof ApiError && request.error.status === 429 ? request.error.message : 'Error! sending email. Try again.'}</Alert>}
      {request.isSuccess && <Alert severity="success">{hint ? 'Check your email for Password reset link.' : 'Password reset link sent.'}</Alert>}
      <Button type="submit" variant="contained" disabled={request.isPending}>
        Send reset link
      </Button>
    </Box>
  );
}

/** /account/authenticate: the Login, Register and Forgot password tabs (seed §2). */
export default function AuthenticateScreen() {
  const [params, setParams] = useSearchParams();
  const tab = (['login', 'register', 'forgot'] as const).find((t) => t === params.get('tab')) ?? 'login';
  const next = nextPath(params) ?? '/';
  const show = (t: AuthTab) => setParams((p) => (p.set('tab', t), p), { replace: true });
  return (
    <Box sx={{ ...pageSx, maxWidth: 480, mx: 'auto' }}>
      <PageTitle>Account</PageTitle>
      <Tabs value={tab} onChange={(_e, t: AuthTab) => show(t)} variant="fullWidth" sx={{ mb: 2 }}>
        <Tab value="login" label="Login" />
        <Tab value="register" label="Register" />
        <Tab value="forgot" label="Forgot password" />
      </Tabs>
      {tab === 'login' && <LoginForm email="" next={next} />}
      {tab === 'register' && <RegisterForm next={next} />}
      {tab === 'forgot' && <ForgotForm />}
    </Box>
  );
}
