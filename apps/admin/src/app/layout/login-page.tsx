import { useState, type FormEvent } from 'react';
import { LocalesMenuButton, useLogin, useNotify, useTranslate } from 'react-admin';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useWords, w } from '../words.ts';

/**
 * Staff sign in with their e-mail, as on the storefront (react-admin's own form asks a username), in
 * the language remembered from the last visit (else the browser's), with the same language menu as
 * the app bar's.
 */
export function LoginPage() {
  const login = useLogin();
  const notify = useNotify();
  const t = useWords();
  const translate = useTranslate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    try {
      await login({ username: email, password });
    } catch (err) {
      // The server's words come in the chosen language; ours are keys react-admin translates.
      notify(err instanceof Error ? err.message : w('login.failed'), { type: 'error' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Box sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', bgcolor: 'grey.100', p: 2 }}>
      <Card component="form" aria-label={t('login.form')} onSubmit={submit} sx={{ p: 3, width: '100%', maxWidth: 360, display: 'grid', gap: 2 }}>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
          <Typography variant="h5" component="h1">
            {t('login.title')}
          </Typography>
          <LocalesMenuButton />
        </Stack>
        <Typography variant="body2" color="text.secondary">
          {t('login.staff_only')}
        </Typography>
        <TextField label={translate('ra.auth.email')} type="email" autoComplete="username" value={email} onChange={(e) => setEmail(e.target.value)} required />
        <TextField label={translate('ra.auth.password')} type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} required />
        <Button type="submit" variant="contained" disabled={busy}>
          {t('login.sign_in')}
        </Button>
        <Button href="/" size="small">
          {t('login.back')}
        </Button>
      </Card>
    </Box>
  );
}
