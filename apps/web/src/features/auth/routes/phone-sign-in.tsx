import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { phoneLoginInputSchema, phoneLoginVerifySchema } from '@store/contract';
import { useRequestPhoneCode, useSignInWithPhone } from '../../../api/session.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { localPhone } from '../../../lib/format.ts';
import { fieldProps, showServerErrors, useSchemaForm } from '../../../lib/forms.ts';
import { t as translate, useT } from '../../../lib/i18n.ts';

const codeSchema = phoneLoginVerifySchema.pick({ code: true });
export const PHONE_SIGN_IN_REDIRECT_MS = 500;

/** A failure that is not about one field: the server's sentence (a 429's wait), or the connection. */
const generalError = (err: unknown) => (err instanceof ApiError ? (Object.keys(err.fieldErrors).length === 0 ? err.message : null) : err ? translate('auth.connection_error') : null);

/**
 * Signing in by phone (CONTRACT §16): the M-Pesa number, then the 6-digit code the SMS brings. The
 * answer to the number is the same whether or not it has an account, and so is this screen.
 */
export default function PhoneSignIn({ next, onEmail }: { next: string; onEmail: () => void }) {
  const t = useT();
  const navigate = useNavigate();
  const request = useRequestPhoneCode();
  const signIn = useSignInWithPhone();
  const [phone, setPhone] = useState<string | null>(null);
  const phoneForm = useSchemaForm(phoneLoginInputSchema, { phone_number: '' });
  const codeForm = useSchemaForm(codeSchema, { code: '' });

  const askForCode = phoneForm.handleSubmit((values) =>
    request.mutate(values, { onSuccess: () => setPhone(values.phone_number), onError: (err) => void showServerErrors(phoneForm, err) }),
  );
  const submitCode = codeForm.handleSubmit((values) =>
    signIn.mutate(
      { phone_number: phone!, code: values.code },
      { onSuccess: () => setTimeout(() => navigate(next), PHONE_SIGN_IN_REDIRECT_MS), onError: (err) => void showServerErrors(codeForm, err) },
    ),
  );
  const sendAgain = () => {
    codeForm.reset({ code: '' });
    request.mutate({ phone_number: phone! });
  };

  if (phone === null) {
    return (
      <Box component="form" noValidate onSubmit={(e) => void askForCode(e)} sx={{ display: 'grid', gap: 1.5 }} aria-label={t('auth.phone_sign_in')}>
        <TextField label={t('auth.phone_number')} type="tel" autoComplete="tel" required slotProps={{ htmlInput: { inputMode: 'tel' } }} {...fieldProps(phoneForm, 'phone_number', t('auth.phone_hint'))} />
        {request.isPending && <LinearProgress aria-label={t('auth.sending')} />}
        {generalError(request.error) && <Alert severity="error">{generalError(request.error)}</Alert>}
        <Button type="submit" variant="contained" disabled={request.isPending}>
          {t('auth.send_code')}
        </Button>
        <Button onClick={onEmail}>{t('auth.email_sign_in')}</Button>
      </Box>
    );
  }
  return (
    <Box component="form" noValidate onSubmit={(e) => void submitCode(e)} sx={{ display: 'grid', gap: 1.5 }} aria-label={t('auth.phone_sign_in')}>
      <Alert severity="info" role="status">{t('auth.code_sent', { phone: localPhone(phone) })}</Alert>
      <TextField
        label={t('auth.code')}
        autoComplete="one-time-code"
        required
        autoFocus
        slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[0-9]*', maxLength: 7 } }}
        {...fieldProps(codeForm, 'code', t('auth.code_hint'))}
      />
      {(signIn.isPending || request.isPending) && <LinearProgress aria-label={signIn.isPending ? t('auth.logging_in') : t('auth.sending')} />}
      {generalError(signIn.error ?? request.error) && <Alert severity="error">{generalError(signIn.error ?? request.error)}</Alert>}
      {signIn.isSuccess && <Alert severity="success">{t('auth.welcome_back')}</Alert>}
      <Button type="submit" variant="contained" disabled={signIn.isPending || signIn.isSuccess}>
        {t('auth.sign_in_with_code')}
      </Button>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', gap: 1 }}>
        <Button onClick={sendAgain} disabled={request.isPending || signIn.isSuccess}>
          {t('auth.new_code')}
        </Button>
        <Button onClick={() => setPhone(null)} disabled={signIn.isSuccess}>
          {t('auth.other_number')}
        </Button>
      </Box>
    </Box>
  );
}
