import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { pageSx } from '../../../components/page.tsx';
import { EmptyState, ErrorState } from '../../../components/states.tsx';
import { useGuardedInfo } from '../../../api/use-guarded-info.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useT } from '../../../lib/i18n.ts';
import { useReceipt } from '../api/get-receipt.ts';
import { ReceiptActions } from '../components/receipt-actions.tsx';
import { PRINT_CSS, ReceiptPaper } from '../components/receipt-paper.tsx';

/**
 * /receipt/{id}: the customer's tax invoice or credit note, printable (A4 or a phone's print to
 * PDF: only the receipt prints), in the customer's language, with KRA's QR code once signed.
 */
export default function ReceiptScreen() {
  const t = useT();
  useGuardedInfo();
  const id = useParams().id ?? '';
  const receipt = useReceipt(id);
  useEffect(() => {
    if (receipt.data) document.title = receipt.data.invoice_no === null ? t('receipt.page_title_unnumbered') : t('receipt.page_title', { number: receipt.data.invoice_no });
  }, [receipt.data, t]);
  const missing = receipt.error instanceof ApiError && receipt.error.status === 404;
  return (
    <Box sx={{ ...pageSx, maxWidth: 640, mx: 'auto' }}>
      <style>{PRINT_CSS}</style>
      {receipt.data ? (
        <>
          <ReceiptPaper r={receipt.data} />
          <ReceiptActions id={receipt.data.id} />
        </>
      ) : missing ? (
        <EmptyState message={t('receipt.not_found')} />
      ) : receipt.isError ? (
        <ErrorState onRetry={() => void receipt.refetch()} />
      ) : (
        <Skeleton variant="rounded" height={480} />
      )}
      <Box className="receipt-no-print" sx={{ mt: 2 }}>
        <Link to="/account?section=receipts" style={{ color: 'inherit' }}>
          {t('receipt.all')}
        </Link>
      </Box>
    </Box>
  );
}
