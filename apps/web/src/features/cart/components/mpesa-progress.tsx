import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { CheckoutPayment, Deposit } from '@store/contract';
import { formatKsh } from '../../../lib/format.ts';
import { useDepositStatus } from '../../../api/get-deposit-status.ts';
import { refreshOwnership } from '../api/order-calls.ts';
import { useT } from '../../../lib/i18n.ts';
import { canSendAgain, paymentSentence } from '../../../lib/mpesa-outcome.ts';
import { OutcomeAlert } from '../../../components/outcome-alert.tsx';

interface MpesaProgressProps {
  payment: CheckoutPayment;
  /** M-Pesa confirmed and the videos are bought. */
  onBought: (deposit: Deposit) => void;
  onRetry: () => void;
  /** A new prompt for the same checkout, to the same phone. */
  onSendAgain: () => void;
}

/**
 * The live state of a checkout paid with M-Pesa: waiting for the PIN, then bought, or a plain
 * sentence about what went wrong (the store's, in the language chosen now, never M-Pesa's raw words)
 * and a way to try again: the same prompt sent again where that is all it takes.
 */
export function MpesaProgress({ payment, onBought, onRetry, onSendAgain }: MpesaProgressProps) {
  const t = useT();
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
        <Typography sx={{ fontWeight: 700 }}>{t('cart.check_phone')}</Typography>
        <Typography variant="body2" sx={{ mb: 1.5 }}>
          {t('cart.enter_pin', { amount: formatKsh(payment.amount) })}
        </Typography>
        <LinearProgress aria-label={t('cart.waiting_mpesa')} />
        {payment.simulator_phone && (
          <Typography variant="body2" sx={{ mt: 1.5 }}>
            {t('cart.test_store')}{' '}
            <a href={payment.simulator_phone} target="_blank" rel="noopener" style={{ color: 'inherit' }}>
              {t('cart.open_simulator')}
            </a>
            .
          </Typography>
        )}
      </Box>
    );
  }
  const paidNotBought = d.state === 'completed';
  // A prompt that expired, was cancelled or got a wrong PIN can go to the same phone again at once.
  const again = !paidNotBought && canSendAgain(d);
  return (
    <OutcomeAlert severity={d.state === 'review' || paidNotBought ? 'warning' : 'error'} actionLabel={d.state !== 'review' && (again ? t('cart.send_again') : t('cart.try_again'))} onAction={again ? onSendAgain : onRetry}>
      {paidNotBought ? `${t('cart.paid_not_bought', { amount: formatKsh(d.amount), receipt: d.receipt ?? '' })} ${d.purchase?.detail ?? ''}` : paymentSentence(t, d)}
    </OutcomeAlert>
  );
}
