import { useState } from 'react';
import { useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { AdminDj } from '@store/contract';
import { httpClient } from '../../providers/data-provider.ts';
import { l } from '../../providers/words.ts';
import { useWords, w } from './words.ts';

/** The DJ's own login (role dj), or a button for staff to make one. */
export function DjLoginButton() {
  const record = useRecordContext<AdminDj>();
  const t = useWords();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState({ username: '', email: '', password: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  if (!record) return null;
  if (record.login_username)
    return (
      <Box sx={{ my: 1 }}>
        <Typography variant="caption" color="text.secondary">
          {t('djs.login')}
        </Typography>
        <Typography>{record.login_username}</Typography>
      </Box>
    );

  async function create() {
    try {
      await httpClient(`/api/admin/djs/${record!.id}/login`, { method: 'POST', body: JSON.stringify(form) });
      notify(w('djs.login_created'), { type: 'success', messageArgs: { username: form.username } });
      setOpen(false);
      refresh();
    } catch (err) {
      const body = (err as { body?: { errors?: Record<string, string> } }).body;
      setErrors(body?.errors ?? {});
      if (!body?.errors) notify(err instanceof Error ? err.message : String(err), { type: 'error' });
    }
  }

  return (
    <>
      <Button sx={{ my: 1 }} variant="outlined" onClick={() => setOpen(true)}>
        {t('djs.give_login')}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="dj-login-title">
        <DialogTitle id="dj-login-title">{t('djs.give_login')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('djs.login_help')}</DialogContentText>
          <TextField fullWidth margin="dense" label={translate(l('Username'))} value={form.username} error={Boolean(errors.username)} helperText={errors.username} onChange={(e) => setForm({ ...form, username: e.target.value })} />
          <TextField fullWidth margin="dense" type="email" label={translate(l('Email'))} value={form.email} error={Boolean(errors.email)} helperText={errors.email} onChange={(e) => setForm({ ...form, email: e.target.value })} />
          <TextField fullWidth margin="dense" type="password" label={translate(l('Password'))} value={form.password} error={Boolean(errors.password)} helperText={errors.password} onChange={(e) => setForm({ ...form, password: e.target.value })} />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{translate('ra.action.cancel')}</Button>
          <Button variant="contained" onClick={() => void create()}>
            {translate('ra.action.create')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
