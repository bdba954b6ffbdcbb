import Button from '@mui/material/Button';
import { Link } from 'react-router';
import { useT } from '../../../lib/i18n.ts';
import { useLatestReceipt } from '../api/get-latest-receipt.ts';

/** The success screen's way to the tax receipt (KRA eTIMS) of what was just bought. */
export function ReceiptLink() {
  const t = useT();
  const latest = useLatestReceipt();
  if (!latest.data) return null;
  return (
    <Button component={Link} to={`/receipt/${latest.data.id}`} variant="outlined" fullWidth sx={{ mt: 1.5 }} data-testid="receipt-link">
      {latest.data.invoice_no === null ? t('cart.done.receipt_unnumbered') : t('cart.done.receipt', { number: latest.data.invoice_no })}
    </Button>
  );
}
