import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { CheckoutPayment, Deposit } from '@store/contract';
import { formatKsh } from '../../../lib/format.ts';
import { useDepositStatus } from '../../../api/get-deposit-status.ts';
import { refreshOwnership } from '../api/order-calls.ts';

interface MpesaProgressProps {
  payment: CheckoutPayment;
  /** M-Pesa confirmed and the videos are bought. */
  onBought: (deposit: Deposit) => void;
  onRetry: () => void;
}

/**
 * The live state of a checkout paid with M-Pesa: waiting for the PIN, then bought, or a plain
 * sentence about what went wrong (the server's `message`, never M-Pesa's raw words) and a way to try again.
 */
export function MpesaProgress({ payment, onBought, onRetry }: MpesaProgressProps) {
  const client = useQueryClient();
  const status = useDepositStatus(payment.CheckoutRequestID);
  const d = status.data ?? payment.deposit;
  const bought = d.purchase?.state === 'completed';

  // Once, when M-Pesa has answered: what the customer owns and holds is read again from the server.
  const answered = useRef(false);
  useEffect(() => {
    if (d.state === 'pending' || answered.current) return;
    answered.current = true;
    refreshOwnership(client, d.purchase?.video_ids ?? []);
    if (bought) onBought(d);
  }, [d, bought, client, onBought]);

  if (d.state === 'pending' || bought) {
    return (
      <Box role="status" sx={{ mt: 1 }}>
        <Typography sx={{ fontWeight: 700 }}>Check your phone</Typography>
        <Typography variant="body2" sx={{ mb: 1.5 }}>
          Enter your M-Pesa PIN to pay {formatKsh(payment.amount)} to Video Store Kenya. This page carries on by itself.
        </Typography>
        <LinearProgress aria-label="Waiting for M-Pesa" />
        {payment.simulator_phone && (
          <Typography variant="body2" sx={{ mt: 1.5 }}>
            Test store:{' '}
            <a href={payment.simulator_phone} target="_blank" rel="noopener" style={{ color: 'inherit' }}>
              open the simulated M-Pesa phone
            </a>
            .
          </Typography>
        )}
      </Box>
    );
  }
  const paidNotBought = d.state === 'completed';
  return (
    <Alert
      severity={d.state === 'review' || paidNotBought ? 'warning' : 'error'}
      sx={{ mt: 1 }}
      action={
        d.state !== 'review' && (
          <Button color="inherit" onClick={onRetry}>
            Try again
          </Button>
        )
      }
    >
      {paidNotBought ? `${formatKsh(d.amount)} received (M-Pesa receipt ${d.receipt}). ${d.purchase?.detail ?? ''}` : d.message}
    </Alert>
  );
}
