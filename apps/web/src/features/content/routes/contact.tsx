import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import Snackbar from '@mui/material/Snackbar';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { contactMessageInputSchema } from '@store/contract';
import { ApiError } from '../../../lib/api-client.ts';
import { STORE_EMAIL, STORE_PHONE } from '../../../lib/store-info.ts';
import { pageSx, PageTitle } from '../../../components/page.tsx';
import { useSendMessage } from '../api/send-message.ts';

type Field = 'name' | 'email' | 'phone_number' | 'message';
const EMPTY: Record<Field, string> = { name: '', email: '', phone_number: '', message: '' };
export const CONTACT_TOAST_MS = 6000;

/** The first message of each field, from the shared schema: the same rules as the server (CONTRACT §7). */
export function validateContact(values: Record<Field, string>): Partial<Record<Field, string>> {
  const parsed = contactMessageInputSchema.safeParse(values);
  if (parsed.success) return {};
  const errors: Partial<Record<Field, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as Field;
    errors[field] ??= issue.message;
  }
  return errors;
}

/** /contact: the store's phone and e-mail, and a form that sends a message. */
export default function ContactScreen() {
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [toast, setToast] = useState(false);
  const send = useSendMessage();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = validateContact(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    send.mutate(values, {
      onSuccess: () => {
        setValues(EMPTY);
        setToast(true);
      },
      onError: (err) => {
        if (err instanceof ApiError) {
          const fields = err.fieldErrors;
          setErrors(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v[0]])) as Partial<Record<Field, string>>);
        }
      },
    });
  };

  const field = (name: Field) => ({
    name,
    value: values[name],
    onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: e.target.value })),
    error: Boolean(errors[name]),
    helperText: errors[name] ?? ' ',
    fullWidth: true,
  });

  const generalError = send.isError && !(send.error instanceof ApiError && Object.keys(send.error.fieldErrors).length > 0);

  return (
    <Box sx={pageSx}>
      <PageTitle>Contact</PageTitle>
      <Typography sx={{ mb: 0.5 }}>
        Phone: <a href={`tel:${STORE_PHONE.replace(/\s/g, '')}`} style={{ color: 'inherit' }}>{STORE_PHONE}</a>
      </Typography>
      <Typography sx={{ mb: 2 }}>
        E-mail: <a href={`mailto:${STORE_EMAIL}`} style={{ color: 'inherit' }}>{STORE_EMAIL}</a>
      </Typography>
      <Box component="form" noValidate onSubmit={submit} sx={{ maxWidth: 520, display: 'grid', gap: 0.5 }} aria-label="Contact form">
        <TextField label="Name" autoComplete="name" required {...field('name')} />
        <TextField label="Email" type="email" autoComplete="email" required {...field('email')} />
        <TextField
          label="Phone number"
          type="tel"
          autoComplete="tel-national"
          required
          {...field('phone_number')}
          slotProps={{ input: { startAdornment: <InputAdornment position="start">+254</InputAdornment> } }}
        />
        <TextField label="Message" multiline minRows={4} required {...field('message')} />
        {send.isPending && <LinearProgress aria-label="Sending" />}
        {generalError && <Alert severity="error">{send.error?.message ?? 'Error! sending message. Try again.'}</Alert>}
        <Button type="submit" variant="contained" disabled={send.isPending} sx={{ justifySelf: 'start', mt: 1 }}>
          Send
        </Button>
      </Box>
      <Snackbar open={toast} autoHideDuration={CONTACT_TOAST_MS} onClose={() => setToast(false)} anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}>
        <Alert severity="success" variant="filled" onClose={() => setToast(false)}>
          Message sent successfully.
        </Alert>
      </Snackbar>
    </Box>
  );
}
