import { useState } from 'react';
import { useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { formatKsh, type AdminCustomer } from '@store/contract';
import { adminCall } from '../../lib/admin-api.ts';
import { l } from '../../providers/words.ts';
import { useWords, w } from './words.ts';

/** Credit or debit a balance with a reason; the server refuses to take it below zero. */
export function AdjustBalanceButton() {
  const c = useRecordContext<AdminCustomer>();
  const notify = useNotify();
  const refresh = useRefresh();
  const t = useWords();
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  if (!c) return null;
  const value = Number(amount);
  const valid = Number.isInteger(value) && value !== 0 && reason.trim().length >= 3;

  async function save() {
    setBusy(true);
    setErrors({});
    try {
      const r = await adminCall<{ balance: number }>('/adjustments', { method: 'POST', contentType: 'application/json', body: JSON.stringify({ user_id: c!.id, amount: value, reason }) });
      notify(w('adjust.done'), { type: 'success', messageArgs: { username: c!.username, balance: formatKsh(r.balance) } });
      setOpen(false);
      setAmount('');
      setReason('');
      refresh();
    } catch (err) {
      const body = (err as { body?: { errors?: Record<string, string> } }).body;
      if (body?.errors) setErrors(body.errors);
      else notify(err instanceof Error ? err.message : w('adjust.failed'), { type: 'error' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <Button variant="outlined" onClick={() => setOpen(true)}>
        {t('adjust.button')}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="adjust-title">
        <DialogTitle id="adjust-title">{t('adjust.title', { username: c.username, balance: formatKsh(c.balance) })}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            margin="dense"
            type="number"
            label={translate(l('Amount (Ksh)'))}
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            error={!!errors.amount}
            helperText={errors.amount ?? t('adjust.amount_help')}
          />
          <TextField fullWidth margin="dense" label={translate(l('Reason'))} value={reason} onChange={(e) => setReason(e.target.value)} error={!!errors.reason} helperText={errors.reason ?? t('adjust.reason_help')} />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{translate('ra.action.cancel')}</Button>
          <Button variant="contained" disabled={busy || !valid} onClick={() => void save()}>
            {value < 0 ? t('adjust.debit', { amount: formatKsh(-value) }) : value > 0 ? t('adjust.credit', { amount: formatKsh(value) }) : translate('ra.action.save')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
