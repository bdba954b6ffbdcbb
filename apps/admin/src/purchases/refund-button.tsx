import { useState } from 'react';
import { useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { httpClient } from '../providers/data-provider.ts';
import { l, useWords, w } from '../providers/words.ts';

/** Refund with a reason: the server credits the balance through the ledger and cuts access. */
export function RefundButton() {
  const record = useRecordContext<{ id: number; price: number; video_title: string; username: string; refunded_at: string | null }>();
  const notify = useNotify();
  const refresh = useRefresh();
  const t = useWords();
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  if (!record || record.refunded_at) return null;

  async function refund() {
    setBusy(true);
    try {
      await httpClient(`/api/admin/purchases/${record!.id}/refund`, { method: 'POST', body: JSON.stringify({ reason }) });
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
          <TextField autoFocus fullWidth margin="dense" label={translate(l('Reason'))} value={reason} onChange={(e) => setReason(e.target.value)} helperText={t('refund.help', { price: record.price })} />
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
