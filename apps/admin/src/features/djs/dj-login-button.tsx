import { useState } from 'react';
import { useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { AdminDj, DjInvite } from '@store/contract';
import { httpClient } from '../../providers/data-provider.ts';
import { useWords, w } from './words.ts';

type By = 'email' | 'sms';

/**
 * The DJ's own login (role dj), or a button for staff to invite the DJ to one (issue 32 item 16):
 * staff give the DJ's e-mail or phone and language, never a password of their making; the server
 * makes the login and sends the DJ a one-time sign-in link by e-mail or SMS.
 */
export function DjLoginButton() {
  const record = useRecordContext<AdminDj>();
  const t = useWords();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [by, setBy] = useState<By>('email');
  const [to, setTo] = useState('');
  const [language, setLanguage] = useState<'en' | 'sw'>('en');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sending, setSending] = useState(false);
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

  const field = by === 'email' ? 'email' : 'phone_number';
  async function send() {
    setSending(true);
    try {
      const { json } = await httpClient(`/api/admin/djs/${record!.id}/invite`, { method: 'POST', body: JSON.stringify({ [field]: to, language }) });
      notify(w('djs.invite_sent'), { type: 'success', messageArgs: { username: (json as DjInvite).username, to } });
      setOpen(false);
      refresh();
    } catch (err) {
      const body = (err as { body?: { errors?: Record<string, string> } }).body;
      setErrors(body?.errors ?? {});
      if (!body?.errors) notify(err instanceof Error ? err.message : String(err), { type: 'error' });
    } finally {
      setSending(false);
    }
  }

  return (
    <>
      <Button sx={{ my: 1 }} variant="outlined" onClick={() => setOpen(true)}>
        {t('djs.invite')}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="dj-invite-title">
        <DialogTitle id="dj-invite-title">{t('djs.invite')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('djs.invite_help')}</DialogContentText>
          <RadioGroup
            row
            aria-label={t('djs.invite_by')}
            value={by}
            onChange={(e) => {
              setBy(e.target.value as By);
              setTo('');
              setErrors({});
            }}
          >
            <FormControlLabel value="email" control={<Radio />} label={t('djs.by_email')} />
            <FormControlLabel value="sms" control={<Radio />} label={t('djs.by_sms')} />
          </RadioGroup>
          <TextField
            fullWidth
            margin="dense"
            type={by === 'email' ? 'email' : 'tel'}
            label={by === 'email' ? t('djs.invite_email') : t('djs.invite_phone')}
            value={to}
            error={Boolean(errors[field])}
            helperText={errors[field]}
            onChange={(e) => setTo(e.target.value)}
          />
          <TextField select fullWidth margin="dense" label={t('djs.invite_language')} value={language} onChange={(e) => setLanguage(e.target.value as 'en' | 'sw')}>
            <MenuItem value="en">{t('djs.language_en')}</MenuItem>
            <MenuItem value="sw">{t('djs.language_sw')}</MenuItem>
          </TextField>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{translate('ra.action.cancel')}</Button>
          <Button variant="contained" disabled={sending || !to.trim()} onClick={() => void send()}>
            {t('djs.send_invite')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
