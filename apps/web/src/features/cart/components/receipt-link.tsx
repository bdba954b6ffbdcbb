import Button from '@mui/material/Button';
import { Link } from 'react-router';
import { useT } from '../../../lib/i18n.ts';
import { useLatestReceipt } from '../api/get-latest-receipt.ts';

/**
 * The success screen's way to the tax receipt (KRA eTIMS) of what was just bought. A sale a code
 * brought to Ksh 0 has none (decision 0053): the newest receipt then belongs to an earlier sale.
 */
export function ReceiptLink({ total }: { total: number }) {
  const t = useT();
  const latest = useLatestReceipt(total > 0);
  if (total <= 0 || !latest.data) return null;
  return (
    <Button component={Link} to={`/receipt/${latest.data.id}`} variant="outlined" fullWidth sx={{ mt: 1.5 }} data-testid="receipt-link">
      {latest.data.invoice_no === null ? t('cart.done.receipt_unnumbered') : t('cart.done.receipt', { number: latest.data.invoice_no })}
    </Button>
  );
}
