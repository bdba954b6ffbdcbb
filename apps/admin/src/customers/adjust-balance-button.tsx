import { useState } from 'react';
import { useNotify, useRecordContext, useRefresh } from 'react-admin';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { formatKsh, type AdminCustomer } from '@store/contract';
import { adminCall } from '../media/admin-api.ts';

/** Credit or debit a balance with a reason; the server refuses to take it below zero. */
export function AdjustBalanceButton() {
  const c = useRecordContext<AdminCustomer>();
  const notify = useNotify();
  const refresh = useRefresh();
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
      notify(`${c!.username}'s balance is now ${formatKsh(r.balance)}.`, { type: 'success' });
      setOpen(false);
      setAmount('');
      setReason('');
      refresh();
    } catch (err) {
      const body = (err as { body?: { errors?: Record<string, string> } }).body;
      if (body?.errors) setErrors(body.errors);
      else notify(err instanceof Error ? err.message : 'The adjustment failed.', { type: 'error' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <Button variant="outlined" onClick={() => setOpen(true)}>
        Adjust balance
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="adjust-title">
        <DialogTitle id="adjust-title">Adjust {c.username}'s balance ({formatKsh(c.balance)})</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            margin="dense"
            type="number"
            label="Amount (Ksh)"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            error={!!errors.amount}
            helperText={errors.amount ?? 'Positive credits the balance, negative debits it.'}
          />
          <TextField fullWidth margin="dense" label="Reason" value={reason} onChange={(e) => setReason(e.target.value)} error={!!errors.reason} helperText={errors.reason ?? 'Kept in the ledger and the audit log.'} />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>Cancel</Button>
          <Button variant="contained" disabled={busy || !valid} onClick={() => void save()}>
            {value < 0 ? `Debit ${formatKsh(-value)}` : value > 0 ? `Credit ${formatKsh(value)}` : 'Save'}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
