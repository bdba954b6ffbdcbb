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
import { useT } from '../../../lib/i18n.ts';

export const RESET_REDIRECT_MS = 4000;

/** /account/password_reset/{slug}: the slug is the mailed token. */
export default function PasswordResetScreen() {
  const t = useT();
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
      <PageTitle>{t('auth.new_password_title')}</PageTitle>
      <Box component="form" noValidate onSubmit={(e) => void submit(e)} sx={{ display: 'grid', gap: 1.5 }} aria-label={t('auth.password_reset')}>
        <TextField label={t('auth.new_password')} type="password" autoComplete="new-password" required {...fieldProps(form, 'new_password', '')} />
        <TextField label={t('auth.confirm_password')} type="password" autoComplete="new-password" required {...fieldProps(form, 'confirm', '')} />
        {confirm && (
          <Typography role="status" variant="body2" sx={{ color: password === confirm ? 'success.main' : 'error.main' }}>
            {password === confirm ? t('auth.passwords_match') : t('auth.passwords_differ')}
          </Typography>
        )}
        {reset.isPending && <LinearProgress aria-label={t('auth.saving')} />}
        {/* A spent or expired link says only that (the server's words), not the seed's "sending email" error above it. */}
        {reset.isError && <Alert severity="error">{tokenProblem ?? t('auth.send_failed')}</Alert>}
        {reset.isSuccess && <Alert severity="success">{t('auth.password_was_reset')}</Alert>}
        <Button type="submit" variant="contained" disabled={reset.isPending || reset.isSuccess}>
          {t('auth.save_password')}
        </Button>
      </Box>
    </Box>
  );
}
