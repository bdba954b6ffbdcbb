import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { newPasswordFormSchema } from '@store/contract';
import { ApiError } from '../../../lib/api-client.ts';
import { fieldProps, showServerErrors, useSchemaForm } from '../../../lib/forms.ts';
import { pageSx, PageTitle } from '../../../components/page.tsx';
import { useResetPassword } from '../api/auth-calls.ts';

export const RESET_REDIRECT_MS = 4000;

/** /account/password_reset/{slug}: the slug is the mailed token. */
export default function PasswordResetScreen() {
  const { slug = '' } = useParams();
  const navigate = useNavigate();
  const reset = useResetPassword();
  const form = useSchemaForm(newPasswordFormSchema, { new_password: '', confirm: '' });
  const [password, confirm] = form.watch(['new_password', 'confirm']);

  useEffect(() => {
    if (!reset.isSuccess) return;
    const timer = setTimeout(() => navigate('/account/authenticate'), RESET_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [reset.isSuccess, navigate]);

  const submit = form.handleSubmit((values) => reset.mutate({ token: slug, new_password: values.new_password }, { onError: (err) => void showServerErrors(form, err) }));
  const tokenProblem = reset.error instanceof ApiError ? reset.error.fieldErrors.token?.[0] : undefined;

  return (
    <Box sx={{ ...pageSx, maxWidth: 480, mx: 'auto' }}>
      <PageTitle>Set a new password</PageTitle>
      <Box component="form" noValidate onSubmit={(e) => void submit(e)} sx={{ display: 'grid', gap: 1.5 }} aria-label="Password reset">
        <TextField label="New password" type="password" autoComplete="new-password" required {...fieldProps(form, 'new_password', '')} />
        <TextField label="Confirm password" type="password" autoComplete="new-password" required {...fieldProps(form, 'confirm', '')} />
        {confirm && (
          <Typography role="status" variant="body2" sx={{ color: password === confirm ? 'success.main' : 'error.main' }}>
            {password === confirm ? 'Passwords match' : "Passwords don't match."}
          </Typography>
        )}
        {reset.isPending && <LinearProgress aria-label="Saving" />}
        {reset.isError && (
          <Alert severity="error">
            Error! sending email. Try again.
            {tokenProblem && <Box component="span" sx={{ display: 'block' }}>{tokenProblem}</Box>}
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
