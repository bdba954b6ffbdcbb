import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import Snackbar from '@mui/material/Snackbar';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { contactMessageInputSchema } from '@store/contract';
import { ApiError } from '../../../lib/api-client.ts';
import { fieldProps, showServerErrors, useSchemaForm } from '../../../lib/forms.ts';
import { STORE_EMAIL, STORE_PHONE } from '../../../lib/store-info.ts';
import { pageSx, PageTitle } from '../../../components/page.tsx';
import { useSendMessage } from '../api/send-message.ts';
import { useT } from '../../../lib/i18n.ts';

export const CONTACT_TOAST_MS = 6000;

/** /contact: the store's phone and e-mail, and a form that sends a message (checked as the server does, CONTRACT §7). */
export default function ContactScreen() {
  const t = useT();
  const form = useSchemaForm(contactMessageInputSchema, { name: '', email: '', phone_number: '', message: '' });
  const [toast, setToast] = useState(false);
  const send = useSendMessage();

  const submit = form.handleSubmit((values) =>
    send.mutate(values, {
      onSuccess: () => {
        form.reset();
        setToast(true);
      },
      onError: (err) => void showServerErrors(form, err),
    }),
  );
  const field = (name: 'name' | 'email' | 'phone_number' | 'message') => ({ ...fieldProps(form, name), fullWidth: true });

  const generalError = send.isError && !(send.error instanceof ApiError && Object.keys(send.error.fieldErrors).length > 0);

  return (
    <Box sx={pageSx}>
      <PageTitle>{t('content.contact_title')}</PageTitle>
      <Typography sx={{ mb: 0.5 }}>
        {t('content.phone')} <a href={`tel:${STORE_PHONE.replace(/\s/g, '')}`} style={{ color: 'inherit' }}>{STORE_PHONE}</a>
      </Typography>
      <Typography sx={{ mb: 2 }}>
        {t('content.email')} <a href={`mailto:${STORE_EMAIL}`} style={{ color: 'inherit' }}>{STORE_EMAIL}</a>
      </Typography>
      <Box component="form" noValidate onSubmit={(e) => void submit(e)} sx={{ maxWidth: 520, display: 'grid', gap: 0.5 }} aria-label={t('content.contact_form')}>
        <TextField label={t('content.name')} autoComplete="name" required {...field('name')} />
        <TextField label={t('content.email_field')} type="email" autoComplete="email" required {...field('email')} />
        <TextField
          label={t('content.phone_number')}
          type="tel"
          autoComplete="tel-national"
          required
          {...field('phone_number')}
          slotProps={{ input: { startAdornment: <InputAdornment position="start">+254</InputAdornment> } }}
        />
        <TextField label={t('content.message')} multiline minRows={4} required {...field('message')} />
        {send.isPending && <LinearProgress aria-label={t('content.sending')} />}
        {generalError && <Alert severity="error">{send.error?.message ?? t('content.send_error')}</Alert>}
        <Button type="submit" variant="contained" disabled={send.isPending} sx={{ justifySelf: 'start', mt: 1 }}>
          {t('content.send')}
        </Button>
      </Box>
      <Snackbar open={toast} autoHideDuration={CONTACT_TOAST_MS} onClose={() => setToast(false)} anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}>
        <Alert severity="success" variant="filled" onClose={() => setToast(false)}>
          {t('content.sent')}
        </Alert>
      </Snackbar>
    </Box>
  );
}
