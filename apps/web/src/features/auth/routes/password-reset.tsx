import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import { PASSWORD_MIN } from '@store/contract';
import { ApiError } from '../../../lib/api-client.ts';
import { pageSx, PageTitle } from '../../../components/page.tsx';
import { useResetPassword } from '../api/auth-calls.ts';

export const RESET_REDIRECT_MS = 4000;

/** The form's own checks, in the seed's words with CONTRACT §6's spelling. */
export function checkNewPassword(password: string, confirm: string): string | null {
  if (password !== confirm) return "Passwords don't match!";
  if (password.length < PASSWORD_MIN) return 'Password minimum, 8 characters!';
  return null;
}

/** /account/password_reset/{slug}: the slug is the mailed token. */
export default function PasswordResetScreen() {
  const { slug = '' } = useParams();
  const navigate = useNavigate();
  const reset = useResetPassword();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    if (!reset.isSuccess) return;
    const timer = setTimeout(() => navigate('/account/authenticate'), RESET_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [reset.isSuccess, navigate]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = checkNewPassword(password, confirm);
    setProblem(found);
    if (!found) reset.mutate({ token: slug, new_password: password });
  };
  const serverFields = reset.error instanceof ApiError ? reset.error.fieldErrors : {};
  const serverMessage = serverFields.new_password?.[0] ?? serverFields.token?.[0];

  return (
    <Box sx={{ ...pageSx, maxWidth: 480, mx: 'auto' }}>
      <PageTitle>Set a new password</PageTitle>
      <Box component="form" onSubmit={submit} sx={{ display: 'grid', gap: 1.5 }} aria-label="Password reset">
        <TextField label="New password" type="password" autoComplete="new-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
        <TextField label="Confirm password" type="password" autoComplete="new-password" required value={confirm} onChange={(e) => setConfirm(e.target.value)} />
        {confirm && (
          <Typography role="status" variant="body2" sx={{ color: password === confirm ? 'success.main' : 'error.main' }}>
            {password === confirm ? 'Passwords match' : "Passwords don't match."}
          </Typography>
        )}
        {problem && <Alert severity="error">{problem}</Alert>}
        {reset.isPending && <LinearProgress aria-label="Saving" />}
        {reset.isError && (
          <Alert severity="error">
            Error! sending email. Try again.
            {serverMessage && <Box component="span" sx={{ display: 'block' }}>{serverMessage}</Box>}
          </Alert>
        )}
        {reset.isSuccess && <Alert severity="success">Your password has been reset. Taking you to the login page…</Alert>}
        <Button type="submit" variant="contained" disabled={reset.isPending || reset.isSuccess}>
          Save password
        </Button>
      </Box>
    </Box>
  );
}
