import { useState } from 'react';
import { useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import { httpClient } from '../providers/data-provider.ts';
import { l, useWords, w } from '../providers/words.ts';

/**
 * Refund with a reason: the server credits the balance through the ledger and cuts access, or, when
 * staff choose M-Pesa, sends the money on to the customer's phone by B2C (back to the balance if M-Pesa fails).
 */
export function RefundButton() {
  const record = useRecordContext<{ id: number; price: number; video_title: string; username: string; refunded_at: string | null }>();
  const notify = useNotify();
  const refresh = useRefresh();
  const t = useWords();
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [to, setTo] = useState<'balance' | 'mpesa'>('balance');
  const [busy, setBusy] = useState(false);
  if (!record || record.refunded_at) return null;

  async function refund() {
    setBusy(true);
    try {
      await httpClient(`/api/admin/purchases/${record!.id}/refund`, { method: 'POST', body: JSON.stringify({ reason, to }) });
      notify(w('refund.done'), { type: 'success', messageArgs: { price: record!.price, username: record!.username } });
      setOpen(false);
      refresh();
    } catch (err) {
      const body = (err as { body?: { errors?: Record<string, string> } }).body;
      notify(body?.errors?.reason ?? (err instanceof Error ? err.message : w('refund.failed')), { type: 'error' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <Button size="small" color="error" onClick={(e) => (e.stopPropagation(), setOpen(true))}>
        {t('refund.button')}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} onClick={(e) => e.stopPropagation()} aria-labelledby="refund-title">
        <DialogTitle id="refund-title">
          {t('refund.title', { video: record.video_title, username: record.username })}
        </DialogTitle>
        <DialogContent>
          <TextField autoFocus fullWidth margin="dense" label={translate(l('Reason'))} value={reason} onChange={(e) => setReason(e.target.value)} helperText={to === 'mpesa' ? t('refund.mpesa_help', { price: record.price }) : t('refund.help', { price: record.price })} />
          <RadioGroup value={to} onChange={(e) => setTo(e.target.value as 'balance' | 'mpesa')} aria-label={translate(l('Refunded'))}>
            <FormControlLabel value="balance" control={<Radio />} label={t('refund.to_balance')} />
            <FormControlLabel value="mpesa" control={<Radio />} label={t('refund.to_mpesa')} />
          </RadioGroup>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{translate('ra.action.cancel')}</Button>
          <Button color="error" variant="contained" disabled={busy || reason.trim().length < 3} onClick={() => void refund()}>
            {t('refund.confirm', { price: record.price })}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
