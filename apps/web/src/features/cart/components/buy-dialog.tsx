import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { z } from 'zod';
import { Link } from 'react-router';
import { type CheckoutPayment, type Deposit, quickSignupInputSchema } from '@store/contract';
import { ApiError } from '../../../lib/api-client.ts';
import { showServerErrors } from '../../../lib/forms.ts';
import { formatKsh, localPhone } from '../../../lib/format.ts';
import { isSignedIn, rememberedPhone } from '../../../lib/session.ts';
import { useInfo } from '../../../api/get-info.ts';
import { useQuickSignup } from '../../../api/session.ts';
import { useBuy } from '../api/order-calls.ts';
import { CheckoutFields } from './checkout-fields.tsx';
import { MpesaProgress } from './mpesa-progress.tsx';
import { useT } from '../../../lib/i18n.ts';

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

type CheckoutValues = { email: string; phone_number: string };
type CheckoutSchema = z.ZodType<unknown, Partial<Record<keyof CheckoutValues, string | number>>>;
const phoneOnly = quickSignupInputSchema.pick({ phone_number: true });
const nothingToAsk = z.object({});

/**
 * Buying in a few taps (issue 13, CONTRACT §8): from the balance when it covers the total; otherwise
 * one M-Pesa prompt for the shortfall, the phone remembered; a visitor gives an e-mail and the phone,
 * and is signed up and paying in the same tap. Then the success screen.
 */
export function BuyDialog({ open, onClose, items, returnTo, onBought }: BuyDialogProps) {
  const t = useT();
  const signedIn = isSignedIn();
  const info = useInfo(signedIn);
  const buy = useBuy();
  const signup = useQuickSignup();
  // One key per attempt: tapping again after a lost answer is the same purchase, never a second.
  const [key, setKey] = useState(() => crypto.randomUUID());
  const [payment, setPayment] = useState<CheckoutPayment | null>(null);
  const total = items.reduce((s, i) => s + i.price, 0);
  const balance = signedIn ? info.data?.user.profile.account : 0;
  const shortfall = balance === undefined ? 0 : Math.max(0, total - balance);
  // The fields this checkout needs, checked by the sign-up's own schema: an e-mail for a new customer, the phone when M-Pesa pays.
  const schema = useRef<CheckoutSchema>(quickSignupInputSchema);
  schema.current = !signedIn ? quickSignupInputSchema : shortfall > 0 ? phoneOnly : nothingToAsk;
  // The schema in force when the customer taps Pay (the balance may have loaded since the dialog opened).
  const resolver: Resolver<CheckoutValues> = (values, context, options) => zodResolver(schema.current)(values, context, options as never) as ReturnType<Resolver<CheckoutValues>>;
  const form = useForm<CheckoutValues>({ resolver, defaultValues: { email: '', phone_number: rememberedPhone() ?? '' } });
  const profilePhone = localPhone(info.data?.user.profile.phone_number);
  useEffect(() => {
    if (profilePhone && !form.getValues('phone_number')) form.setValue('phone_number', profilePhone);
  }, [profilePhone, form]);
  const busy = buy.isPending || signup.isPending;
  const failure = [signup.error, buy.error].find((e) => e && !(e instanceof ApiError && Object.keys(e.fieldErrors).length > 0));

  const done = (receipt: string | null, newBalance: number | null) => onBought({ items, total, receipt, balance: newBalance });
  const submit = form.handleSubmit(async () => {
    const { email, phone_number: phone } = form.getValues();
    try {
      if (!signedIn) await signup.mutateAsync({ email, phone_number: phone });
      const answer = await buy.mutateAsync({ videoIds: items.map((i) => i.video_id), key, phone: shortfall > 0 ? phone : undefined });
      if (answer.kind === 'bought') done(null, answer.result.balance);
      else setPayment(answer.payment);
    } catch (err) {
      showServerErrors(form, err);
    }
  });
  const retry = () => {
    setPayment(null);
    setKey(crypto.randomUUID());
    buy.reset();
    void info.refetch();
  };

  const label = shortfall > 0 ? t('cart.pay_with_mpesa', { amount: formatKsh(shortfall) }) : t('cart.pay', { amount: formatKsh(total) });
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="buy-title" fullWidth maxWidth="xs">
      <Box component="form" noValidate onSubmit={(e) => void submit(e)} aria-label={t('cart.buy')}>
        <DialogTitle id="buy-title">{t('cart.confirm_purchase')}</DialogTitle>
        <DialogContent>
          <Typography>
            {t('cart.summary', { count: items.length })} <strong>{formatKsh(total)}</strong>
          </Typography>
          {signedIn && <Typography sx={{ color: 'text.secondary' }}>{t('cart.your_balance', { balance: balance === undefined ? '…' : formatKsh(balance) })}</Typography>}
          {payment ? (
            <MpesaProgress payment={payment} onRetry={retry} onBought={(d: Deposit) => done(d.receipt, d.balance)} />
          ) : (
            <>
              {signedIn && shortfall > 0 && balance !== undefined && (
                <Typography variant="body2" sx={{ mt: 1 }}>
                  {balance > 0 ? t('cart.balance_pays_part', { balance: formatKsh(balance), shortfall: formatKsh(shortfall) }) : t('cart.one_prompt', { amount: formatKsh(shortfall) })}
                </Typography>
              )}
              {!signedIn && (
                <Typography variant="body2" sx={{ mt: 1 }}>
                  {t('cart.new_here')}
                </Typography>
              )}
              <CheckoutFields askEmail={!signedIn} askPhone={!signedIn || shortfall > 0} form={form} />
              {busy && <LinearProgress sx={{ mt: 2 }} aria-label={t('cart.sending')} />}
              {failure && (
                <Alert severity="error" sx={{ mt: 1.5 }}>
                  {failure instanceof ApiError ? failure.message : t('cart.connection_error')}
                </Alert>
              )}
              {(form.formState.errors.email || !signedIn) && (
                <Typography variant="body2" sx={{ mt: 1.5 }}>
                  {t('cart.already_customer')}{' '}
                  <Link to={`/account/authenticate?next=${encodeURIComponent(returnTo)}`} style={{ color: 'inherit' }}>
                    {t('cart.log_in')}
                  </Link>
                </Typography>
              )}
              {signedIn && shortfall > 0 && (
                <Typography variant="body2" sx={{ mt: 1 }}>
                  <Link to={`/deposit?amount=${shortfall}&next=${encodeURIComponent(returnTo)}`} style={{ color: 'inherit' }}>
                    {t('cart.top_up_instead')}
                  </Link>
                </Typography>
              )}
            </>
          )}
        </DialogContent>
        {/* The pay button on one line ("M-Pesa" never cut at its hyphen); where it does not fit beside
            Cancel (a small phone, longer Kiswahili words) it takes the whole width above it. */}
        <DialogActions sx={{ flexWrap: 'wrap-reverse', gap: 1, '& > :not(style) ~ :not(style)': { ml: 0 } }}>
          <Button onClick={onClose} color="inherit">
            {payment ? t('cart.close') : t('cart.cancel')}
          </Button>
          {!payment && (
            <Button type="submit" variant="contained" disabled={busy || (signedIn && balance === undefined)} sx={{ whiteSpace: 'nowrap', flexGrow: 1 }}>
              {label}
            </Button>
          )}
        </DialogActions>
      </Box>
    </Dialog>
  );
}
