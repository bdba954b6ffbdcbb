import { useState, type FormEvent } from 'react';
import { useLogin, useNotify } from 'react-admin';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';

/** Staff sign in with their e-mail, as on the storefront (react-admin's own form asks a username). */
export function LoginPage() {
  const login = useLogin();
  const notify = useNotify();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    try {
      await login({ username: email, password });
    } catch (err) {
      notify(err instanceof Error ? err.message : 'Could not sign in.', { type: 'error' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Box sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', bgcolor: 'grey.100', p: 2 }}>
      <Card component="form" aria-label="Staff sign in" onSubmit={submit} sx={{ p: 3, width: '100%', maxWidth: 360, display: 'grid', gap: 2 }}>
        <Typography variant="h5" component="h1">
          Back office
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Video Store Kenya staff only.
        </Typography>
        <TextField label="Email" type="email" autoComplete="username" value={email} onChange={(e) => setEmail(e.target.value)} required />
        <TextField label="Password" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} required />
        <Button type="submit" variant="contained" disabled={busy}>
          Sign in
        </Button>
        <Button href="/" size="small">
          Back to the store
        </Button>
      </Card>
    </Box>
  );
}
