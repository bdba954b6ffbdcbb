import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { groupDigits, type AdminDj } from '@store/contract';
import { httpClient } from '../../providers/data-provider.ts';
import { useWords, w } from './words.ts';

/**
 * Pay a DJ what is owed (or part of it) by M-Pesa B2C. One Idempotency-Key per dialog: a double
 * click or a retried request answers the same payout; the server never pays more than owed.
 */
export function PayButton({ dj, owed, onPaid }: { dj: AdminDj; owed: number; onPaid: () => void }) {
  const t = useWords();
  const translate = useTranslate();
  const notify = useNotify();
  const [open, setOpen] = useState(false);
  const [amount, setAmount] = useState(String(owed));
  const [key, setKey] = useState('');
  const [busy, setBusy] = useState(false);
  if (owed < 10) return <Button disabled size="small">{t('payouts.nothing_owed')}</Button>;

  function start() {
    setAmount(String(owed));
    setKey(crypto.randomUUID());
    setOpen(true);
  }
  async function pay() {
    setBusy(true);
    try {
      await httpClient('/api/admin/payouts/', { method: 'POST', body: JSON.stringify({ dj_id: dj.id, amount: Number(amount) }), headers: new Headers({ Accept: 'application/json', 'Idempotency-Key': key }) });
      notify(w('payouts.started'), { type: 'success', messageArgs: { amount } });
      setOpen(false);
      onPaid();
    } catch (err) {
      const body = (err as { body?: { errors?: Record<string, string> } }).body;
      notify(body?.errors?.amount ?? (err instanceof Error ? err.message : w('payouts.failed')), { type: 'error' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <Button variant="contained" size="small" onClick={start}>
        {t('payouts.pay', { owed: groupDigits(owed) })}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="pay-title">
        <DialogTitle id="pay-title">{t('payouts.dialog_title', { dj: dj.dj_name })}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            margin="dense"
            type="number"
            label={t('payouts.amount')}
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            slotProps={{ htmlInput: { min: 10, max: owed, step: 1 } }}
            helperText={dj.payout_phone ? t('payouts.help', { owed: groupDigits(owed), phone: dj.payout_phone }) : t('payouts.no_phone')}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{translate('ra.action.cancel')}</Button>
          <Button variant="contained" disabled={busy || !dj.payout_phone || !(Number(amount) >= 10 && Number(amount) <= owed)} onClick={() => void pay()}>
            {t('payouts.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
