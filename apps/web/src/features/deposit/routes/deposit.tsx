import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { DEPOSIT_MAX, depositInputSchema, groupDigits } from '@store/contract';
import { ApiError } from '../../../lib/api-client.ts';
import { fieldProps, showServerErrors, useSchemaForm } from '../../../lib/forms.ts';
import { formatKsh, localPhone } from '../../../lib/format.ts';
import { nextPath } from '../../../lib/next-path.ts';
import { rememberedPhone, rememberPhone } from '../../../lib/session.ts';
import { useGuardedInfo } from '../../../api/use-guarded-info.ts';
import { pageSx, PageTitle } from '../../../components/page.tsx';
import { useStartDeposit } from '../api/deposit-calls.ts';
import { useDepositStatus } from '../../../api/get-deposit-status.ts';
import { useT } from '../../../lib/i18n.ts';
import { canSendAgain, minutesToWait, paymentSentence } from '../../../lib/mpesa-outcome.ts';
import { OutcomeAlert } from '../../../components/outcome-alert.tsx';

export const PIN_HINT_MS = 7000;
/** The deposit request's own schema, less the buyer id the page adds (seed §7 sends it as `username`). */
const depositFormSchema = depositInputSchema.omit({ username: true });

function Outcome({ id, next, onRetry, onSendAgain }: { id: string; next: string | null; onRetry: () => void; onSendAgain: () => void }) {
  const t = useT();
  const status = useDepositStatus(id);
  const d = status.data;
  if (!d || d.state === 'pending') {
    return (
      <Box role="status" sx={{ mb: 2 }}>
        <Typography variant="body2" sx={{ mb: 1 }}>
          {t('deposit.waiting')}…
        </Typography>
        <LinearProgress aria-label={t('deposit.waiting')} />
      </Box>
    );
  }
  if (d.state === 'completed') {
    return (
      <Alert severity="success" sx={{ mb: 2 }} role="status" action={next && <Button color="inherit" component={Link} to={next}>{t('deposit.continue')}</Button>}>
        {t('deposit.received', { amount: formatKsh(d.amount), receipt: d.receipt ?? '' })} {t('deposit.balance_now')} <strong>{formatKsh(d.balance ?? 0)}</strong>.
      </Alert>
    );
  }
  // A prompt that expired, was cancelled or got a wrong PIN can go to the same phone again at once.
  const again = canSendAgain(d);
  return (
    <OutcomeAlert severity={d.state === 'review' ? 'warning' : 'error'} actionLabel={d.state !== 'review' && (again ? t('deposit.send_again') : t('deposit.try_again'))} onAction={again ? onSendAgain : onRetry}>
      {paymentSentence(t, d)}
    </OutcomeAlert>
  );
}

/** /deposit: top up with an M-Pesa STK push, then follow what happened (seed §2, §4, §5; CONTRACT §4). */
export default function DepositScreen() {
  const t = useT();
  const info = useGuardedInfo();
  const start = useStartDeposit();
  const [params] = useSearchParams();
  // Arriving from a purchase: what is owed, and the way back to it.
  const owed = Number(params.get('amount'));
  const next = nextPath(params);
  const form = useSchemaForm(depositFormSchema, { amount: Number.isInteger(owed) && owed >= 1 && owed <= DEPOSIT_MAX ? String(owed) : '', phone_number: rememberedPhone() ?? '' });
  const [hint, setHint] = useState(false);
  const [checkoutId, setCheckoutId] = useState<string | null>(null);
  const profile = info.data?.user.profile;

  // The phone on the profile, when this device has not paid with another one before.
  useEffect(() => {
    if (profile?.phone_number && !form.getValues('phone_number')) form.setValue('phone_number', localPhone(profile.phone_number));
  }, [profile?.phone_number, form]);

  useEffect(() => {
    if (!hint) return;
    const timer = setTimeout(() => setHint(false), PIN_HINT_MS);
    return () => clearTimeout(timer);
  }, [hint]);

  const send = (amount: number, typed: string) => {
    if (!profile) return;
    setCheckoutId(null);
    start.mutate(
      { amount, phone_number: typed, username: profile.buyerid },
      {
        onSuccess: (res) => {
          rememberPhone(typed);
          setHint(true);
          setCheckoutId(res.CheckoutRequestID);
        },
        onError: (err) => void showServerErrors(form, err),
      },
    );
  };
  // Sending again submits the form as it stands: the same amount to the same phone.
  const submit = form.handleSubmit((values) => send(values.amount, String(form.getValues('phone_number'))));
  const fields = start.error instanceof ApiError ? start.error.fieldErrors : {};
  const status = useDepositStatus(checkoutId);
  const waiting = checkoutId !== null && (status.data?.state ?? 'pending') === 'pending';
  const failed = start.isError && Object.keys(fields).length === 0;
  // Too many prompts to this phone: say when it can have another, not "try again" now.
  const waitMinutes = start.error instanceof ApiError && start.error.status === 429 ? minutesToWait(start.error.retryAfter ?? 600) : null;

  return (
    <Box sx={{ ...pageSx, maxWidth: 560 }}>
      <PageTitle>{t('deposit.title')}</PageTitle>
      {/* What M-Pesa answered, at the top where a small phone shows it without scrolling. */}
      {checkoutId && <Outcome id={checkoutId} next={next} onRetry={() => setCheckoutId(null)} onSendAgain={() => void submit()} />}
      <Box component="ol" sx={{ pl: 2.5, mt: 0, color: 'text.secondary', '& li': { mb: 0.5 } }}>
        <li>{t('deposit.step_amount', { max: groupDigits(DEPOSIT_MAX) })}</li>
        <li>{t('deposit.step_phone')}</li>
        <li>{t('deposit.step_press')}</li>
        <li>{t('deposit.step_balance')}</li>
      </Box>
      <Box component="form" noValidate onSubmit={(e) => void submit(e)} aria-label={t('deposit.title')} sx={{ display: 'grid', gap: 1.5 }}>
        <TextField
          label={t('deposit.amount')}
          type="number"
          required
          {...fieldProps(form, 'amount')}
          slotProps={{ input: { startAdornment: <InputAdornment position="start">Ksh</InputAdornment> }, htmlInput: { min: 1, max: DEPOSIT_MAX, step: 1, inputMode: 'numeric' } }}
        />
        <TextField
          label={t('deposit.phone')}
          type="tel"
          required
          {...fieldProps(form, 'phone_number')}
          slotProps={{ input: { startAdornment: <InputAdornment position="start">+254</InputAdornment> }, htmlInput: { inputMode: 'tel', autoComplete: 'tel-national' } }}
        />
        {start.isPending && <LinearProgress aria-label={t('deposit.sending')} />}
        {hint && <Alert severity="info">{t('deposit.pin_hint')}</Alert>}
        {failed &&
          (waitMinutes !== null ? (
            <Alert severity="warning">{t('deposit.prompt_limit', { minutes: waitMinutes })}</Alert>
          ) : (
            <Alert severity="error">
              {t('deposit.failed')}
              {start.error instanceof ApiError && <Box component="span" sx={{ display: 'block', fontSize: 13 }}>{start.error.message}</Box>}
            </Alert>
          ))}
        <Button type="submit" variant="contained" disabled={start.isPending || !profile || waiting}>
          {t('deposit.title')}
        </Button>
      </Box>
      {start.data?.simulator_phone && (
        <Typography variant="body2" sx={{ mt: 2 }}>
          {t('deposit.test_store')}{' '}
          <a href={start.data.simulator_phone} target="_blank" rel="noopener" style={{ color: 'inherit' }}>
            {t('deposit.open_simulator')}
          </a>{' '}
          {t('deposit.to_answer')}
        </Typography>
      )}
      <Typography variant="body2" sx={{ mt: 3 }}>
        <Link to="/account?section=deposits" style={{ color: 'inherit' }}>
          {t('deposit.history')}
        </Link>
      </Typography>
    </Box>
  );
}
