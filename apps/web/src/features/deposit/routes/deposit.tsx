import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { DEPOSIT_MAX } from '@store/contract';
import { ApiError } from '../../../lib/api-client.ts';
import { formatKsh } from '../../../lib/format.ts';
import { nextPath } from '../../../lib/next-path.ts';
import { rememberedPhone, rememberPhone } from '../../../lib/session.ts';
import { useGuardedInfo } from '../../../api/use-guarded-info.ts';
import { pageSx, PageTitle } from '../../../components/page.tsx';
import { useStartDeposit } from '../api/deposit-calls.ts';
import { useDepositStatus } from '../../../api/get-deposit-status.ts';

export const PIN_HINT_MS = 7000;

const PIN_HINT = 'Enter your M-Pesa PIN to complete transaction.';

function Outcome({ id, next, onRetry }: { id: string; next: string | null; onRetry: () => void }) {
  const status = useDepositStatus(id);
  const d = status.data;
  const box = useRef<HTMLDivElement>(null);
  // The answer shows where the customer is looking, not below the fold of a small phone.
  useEffect(() => box.current?.scrollIntoView({ block: 'center' }), [d?.state]);
  if (!d || d.state === 'pending') {
    return (
      <Box ref={box} role="status" sx={{ mt: 2 }}>
        <Typography variant="body2" sx={{ mb: 1 }}>
          Waiting for M-Pesa…
        </Typography>
        <LinearProgress aria-label="Waiting for M-Pesa" />
      </Box>
    );
  }
  if (d.state === 'completed') {
    return (
      <Alert ref={box} severity="success" sx={{ mt: 2 }} role="status" action={next && <Button color="inherit" component={Link} to={next}>Continue</Button>}>
        Deposit of {formatKsh(d.amount)} received (M-Pesa receipt {d.receipt}). Your balance is now <strong>{formatKsh(d.balance ?? 0)}</strong>.
      </Alert>
    );
  }
  return (
    <Alert ref={box} severity={d.state === 'review' ? 'warning' : 'error'} sx={{ mt: 2 }} action={d.state !== 'review' && <Button color="inherit" onClick={onRetry}>Try again</Button>}>
      {d.message}
    </Alert>
  );
}

/** /deposit: top up with an M-Pesa STK push, then follow what happened (seed §2, §4, §5; CONTRACT §4). */
export default function DepositScreen() {
  const info = useGuardedInfo();
  const start = useStartDeposit();
  const [params] = useSearchParams();
  // Arriving from a purchase: what is owed, and the way back to it.
  const owed = Number(params.get('amount'));
  const next = nextPath(params);
  const [amount, setAmount] = useState(Number.isInteger(owed) && owed >= 1 && owed <= DEPOSIT_MAX ? String(owed) : '');
  const [phone, setPhone] = useState(() => rememberedPhone() ?? '');
  const [hint, setHint] = useState(false);
  const [checkoutId, setCheckoutId] = useState<string | null>(null);
  const profile = info.data?.user.profile;

  useEffect(() => {
    if (profile?.phone_number && !phone) setPhone(profile.phone_number.replace(/^254/, '0'));
  }, [profile?.phone_number, phone]);

  useEffect(() => {
    if (!hint) return;
    const timer = setTimeout(() => setHint(false), PIN_HINT_MS);
    return () => clearTimeout(timer);
  }, [hint]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!profile) return;
    setCheckoutId(null);
    start.mutate(
      { amount: Number(amount), phone_number: phone, username: profile.buyerid },
      {
        onSuccess: (res) => {
          rememberPhone(phone);
          setHint(true);
          setCheckoutId(res.CheckoutRequestID);
        },
      },
    );
  };
  const fields = start.error instanceof ApiError ? start.error.fieldErrors : {};
  const status = useDepositStatus(checkoutId);
  const waiting = checkoutId !== null && (status.data?.state ?? 'pending') === 'pending';
  const failed = start.isError && Object.keys(fields).length === 0;

  return (
    <Box sx={{ ...pageSx, maxWidth: 560 }}>
      <PageTitle>Deposit</PageTitle>
      <Box component="ol" sx={{ pl: 2.5, mt: 0, color: 'text.secondary', '& li': { mb: 0.5 } }}>
        <li>Type the amount in Ksh, from 1 to {DEPOSIT_MAX.toLocaleString('en-KE')}.</li>
        <li>Type your M-Pesa phone number: the one that will pay.</li>
        <li>Press Deposit. A prompt appears on that phone: enter your M-Pesa PIN to pay.</li>
        <li>Your balance grows as soon as M-Pesa confirms.</li>
      </Box>
      <Box component="form" onSubmit={submit} aria-label="Deposit" sx={{ display: 'grid', gap: 1.5 }}>
        <TextField
          label="Amount"
          type="number"
          required
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          error={Boolean(fields.amount)}
          helperText={fields.amount?.[0] ?? ' '}
          slotProps={{ input: { startAdornment: <InputAdornment position="start">Ksh</InputAdornment> }, htmlInput: { min: 1, max: DEPOSIT_MAX, step: 1, inputMode: 'numeric' } }}
        />
        <TextField
          label="M-Pesa phone number"
          type="tel"
          required
          value={phone}
          onChange={(e) => setPhone(e.target.value)}
          error={Boolean(fields.phone_number)}
          helperText={fields.phone_number?.[0] ?? ' '}
          slotProps={{ input: { startAdornment: <InputAdornment position="start">+254</InputAdornment> }, htmlInput: { inputMode: 'tel', autoComplete: 'tel-national' } }}
        />
        {start.isPending && <LinearProgress aria-label="Sending the payment request" />}
        {hint && <Alert severity="info">{PIN_HINT}</Alert>}
        {failed && (
          <Alert severity="error">
            Error! processing transaction. Try again.
            {start.error instanceof ApiError && <Box component="span" sx={{ display: 'block', fontSize: 13 }}>{start.error.message}</Box>}
          </Alert>
        )}
        <Button type="submit" variant="contained" disabled={start.isPending || !profile || waiting}>
          Deposit
        </Button>
      </Box>
      {checkoutId && <Outcome id={checkoutId} next={next} onRetry={() => setCheckoutId(null)} />}
      {start.data?.simulator_phone && (
        <Typography variant="body2" sx={{ mt: 2 }}>
          Test store:{' '}
          <a href={start.data.simulator_phone} target="_blank" rel="noopener" style={{ color: 'inherit' }}>
            open the simulated M-Pesa phone
          </a>{' '}
          to answer the prompt.
        </Typography>
      )}
      <Typography variant="body2" sx={{ mt: 3 }}>
        <Link to="/account?section=deposits" style={{ color: 'inherit' }}>
          Deposit History
        </Link>
      </Typography>
    </Box>
  );
}
