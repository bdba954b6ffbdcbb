import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api-client.ts';
import { formatKsh } from '../../../lib/format.ts';
import { useInfo } from '../../account/api/account-calls.ts';
import { useBuy, type PurchaseResult } from '../api/order-calls.ts';

interface BuyDialogProps {
  open: boolean;
  onClose: () => void;
  items: { video_id: number; price: number }[];
  onBought: (result: PurchaseResult) => void;
}

/**
 * The confirmation before paying (seed §5): how many videos, the total and the balance. A balance
 * below the total sends the customer to /deposit instead.
 */
export function BuyDialog({ open, onClose, items, onBought }: BuyDialogProps) {
  const navigate = useNavigate();
  const info = useInfo();
  const buy = useBuy();
  // One key per confirmation: tapping again after a lost answer is the same purchase, never a second.
  const [key] = useState(() => crypto.randomUUID());
  const total = items.reduce((s, i) => s + i.price, 0);
  const balance = info.data?.user.profile.account;

  const confirm = async () => {
    if (balance !== undefined && balance < total) return navigate('/deposit');
    // mutateAsync, not mutate's callbacks: buying re-renders the page (the video is now owned) and may
    // unmount this dialog before a callback would run.
    try {
      onBought(await buy.mutateAsync({ videoIds: items.map((i) => i.video_id), key }));
    } catch (err) {
      if (err instanceof ApiError && err.status === 402) navigate('/deposit');
    }
  };

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="buy-title" fullWidth maxWidth="xs">
      <DialogTitle id="buy-title">Confirm purchase</DialogTitle>
      <DialogContent>
        <Typography>
          {items.length} {items.length === 1 ? 'video' : 'videos'} · total <strong>{formatKsh(total)}</strong>
        </Typography>
        <Typography sx={{ color: 'text.secondary' }}>Your balance: {balance === undefined ? '…' : formatKsh(balance)}</Typography>
        {balance !== undefined && balance < total && (
          <Alert severity="warning" sx={{ mt: 1.5 }}>
            Your balance is too low. Deposit {formatKsh(total - balance)} or more with M-Pesa first.
          </Alert>
        )}
        {buy.isPending && <LinearProgress sx={{ mt: 2 }} aria-label="Buying" />}
        {buy.isError && !(buy.error instanceof ApiError && buy.error.status === 402) && (
          <Alert severity="error" sx={{ mt: 1.5 }}>
            {buy.error.message}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} color="inherit">
          Cancel
        </Button>
        <Button onClick={() => void confirm()} variant="contained" disabled={buy.isPending || balance === undefined}>
          {balance !== undefined && balance < total ? 'Deposit' : `Pay ${formatKsh(total)}`}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
