import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import type { CheckoutPayment, Deposit } from '@store/contract';
import { ApiError } from '../../../lib/api-client.ts';
import { formatKsh } from '../../../lib/format.ts';
import { isSignedIn, rememberedPhone } from '../../../lib/session.ts';
import { useInfo } from '../../../api/get-info.ts';
import { useQuickSignup } from '../../../api/session.ts';
import { useBuy } from '../api/order-calls.ts';
import { CheckoutFields, localPhone } from './checkout-fields.tsx';
import { MpesaProgress } from './mpesa-progress.tsx';

export interface BoughtItem {
  video_id: number;
  price: number;
  video_name?: string;
  season?: string | null;
  image_url?: string | null;
}

/** What the success screen shows (routes/purchase-done.tsx). */
export interface PurchaseDone {
  items: BoughtItem[];
  total: number;
  receipt: string | null;
  balance: number | null;
}

interface BuyDialogProps {
  open: boolean;
  onClose: () => void;
  items: BoughtItem[];
  /** Where a visitor who already has an account logs in and comes back to (the purchase reopens there). */
  returnTo: string;
  onBought: (done: PurchaseDone) => void;
}

const firstFieldErrors = (err: unknown): Record<string, string> =>
  err instanceof ApiError ? Object.fromEntries(Object.entries(err.fieldErrors).map(([k, v]) => [k, v[0] ?? ''])) : {};

/**
 * Buying in a few taps (issue 13, CONTRACT §8): from the balance when it covers the total; otherwise
 * one M-Pesa prompt for the shortfall, the phone remembered; a visitor gives an e-mail and the phone,
 * and is signed up and paying in the same tap. Then the success screen.
 */
export function BuyDialog({ open, onClose, items, returnTo, onBought }: BuyDialogProps) {
  const signedIn = isSignedIn();
  const info = useInfo(signedIn);
  const buy = useBuy();
  const signup = useQuickSignup();
  // One key per attempt: tapping again after a lost answer is the same purchase, never a second.
  const [key, setKey] = useState(() => crypto.randomUUID());
  const [payment, setPayment] = useState<CheckoutPayment | null>(null);
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState<string | null>(null);
  const total = items.reduce((s, i) => s + i.price, 0);
  const balance = signedIn ? info.data?.user.profile.account : 0;
  const shortfall = balance === undefined ? 0 : Math.max(0, total - balance);
  const phoneValue = phone ?? rememberedPhone() ?? localPhone(info.data?.user.profile.phone_number) ?? '';
  const busy = buy.isPending || signup.isPending;
  const errors = { ...firstFieldErrors(signup.error), ...firstFieldErrors(buy.error) };
  const failure = [signup.error, buy.error].find((e) => e && !(e instanceof ApiError && Object.keys(e.fieldErrors).length > 0));

  const done = (receipt: string | null, newBalance: number | null) => onBought({ items, total, receipt, balance: newBalance });
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    try {
      if (!signedIn) await signup.mutateAsync({ email, phone_number: phoneValue });
      const answer = await buy.mutateAsync({ videoIds: items.map((i) => i.video_id), key, phone: shortfall > 0 ? phoneValue : undefined });
      if (answer.kind === 'bought') done(null, answer.result.balance);
      else setPayment(answer.payment);
    } catch {
      // shown below the fields
    }
  };
  const retry = () => {
    setPayment(null);
    setKey(crypto.randomUUID());
    buy.reset();
    void info.refetch();
  };

  const label = shortfall > 0 ? `Pay ${formatKsh(shortfall)} with M-Pesa` : `Pay ${formatKsh(total)}`;
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="buy-title" fullWidth maxWidth="xs">
      <Box component="form" onSubmit={(e) => void submit(e)} aria-label="Buy">
        <DialogTitle id="buy-title">Confirm purchase</DialogTitle>
        <DialogContent>
          <Typography>
            {items.length} {items.length === 1 ? 'video' : 'videos'} · total <strong>{formatKsh(total)}</strong>
          </Typography>
          {signedIn && <Typography sx={{ color: 'text.secondary' }}>Your balance: {balance === undefined ? '…' : formatKsh(balance)}</Typography>}
          {payment ? (
            <MpesaProgress payment={payment} onRetry={retry} onBought={(d: Deposit) => done(d.receipt, d.balance)} />
          ) : (
            <>
              {signedIn && shortfall > 0 && balance !== undefined && (
                <Typography variant="body2" sx={{ mt: 1 }}>
                  {balance > 0 ? `Your balance pays ${formatKsh(balance)}; M-Pesa pays the other ${formatKsh(shortfall)}.` : `Pay ${formatKsh(shortfall)} with M-Pesa: one prompt on your phone.`}
                </Typography>
              )}
              {!signedIn && (
                <Typography variant="body2" sx={{ mt: 1 }}>
                  New here? Your e-mail makes your account and M-Pesa pays. We e-mail you a link to choose a password.
                </Typography>
              )}
              <CheckoutFields askEmail={!signedIn} askPhone={!signedIn || shortfall > 0} email={email} phone={phoneValue} onEmail={setEmail} onPhone={setPhone} errors={errors} />
              {busy && <LinearProgress sx={{ mt: 2 }} aria-label="Sending" />}
              {failure && (
                <Alert severity="error" sx={{ mt: 1.5 }}>
                  {failure instanceof ApiError ? failure.message : 'Error! Check your connection and try again.'}
                </Alert>
              )}
              {(errors.email || !signedIn) && (
                <Typography variant="body2" sx={{ mt: 1.5 }}>
                  Already a customer?{' '}
                  <Link to={`/account/authenticate?next=${encodeURIComponent(returnTo)}`} style={{ color: 'inherit' }}>
                    Log in
                  </Link>
                </Typography>
              )}
              {signedIn && shortfall > 0 && (
                <Typography variant="body2" sx={{ mt: 1 }}>
                  <Link to={`/deposit?amount=${shortfall}&next=${encodeURIComponent(returnTo)}`} style={{ color: 'inherit' }}>
                    Top up your balance instead
                  </Link>
                </Typography>
              )}
            </>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} color="inherit">
            {payment ? 'Close' : 'Cancel'}
          </Button>
          {!payment && (
            <Button type="submit" variant="contained" disabled={busy || (signedIn && balance === undefined)}>
              {label}
            </Button>
          )}
        </DialogActions>
      </Box>
    </Dialog>
  );
}
