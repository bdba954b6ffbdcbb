import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';
import type { Receipt } from '@store/contract';
import { EmptyState, ErrorState } from '../../../components/states.tsx';
import { HiddenByFamilyLock, hiddenIn } from '../../../components/family-lock-note.tsx';
import { formatDate, formatKsh } from '../../../lib/format.ts';
import { useT } from '../../../lib/i18n.ts';
import { useReceipts } from '../api/get-receipts.ts';

function Entry({ r }: { r: Receipt }) {
  const t = useT();
  return (
    <Box component="li" data-testid="receipt-entry" sx={{ bgcolor: 'background.paper', borderRadius: 1 }}>
      <Box component={Link} to={`/receipt/${r.id}`} sx={{ p: 1.5, display: 'grid', gridTemplateColumns: '1fr auto', columnGap: 1, rowGap: 0.25, color: 'inherit', textDecoration: 'none' }}>
        <Box component="span" sx={{ fontWeight: 700 }}>
          {r.invoice_no === null ? t('account.receipts.kind_unnumbered', { kind: r.kind }) : t('account.receipts.kind', { kind: r.kind, number: r.invoice_no })}
        </Box>
        <Box component="span" sx={{ fontWeight: 800, whiteSpace: 'nowrap' }}>
          {formatKsh(r.total)}
        </Box>
        <Box component="span" sx={{ fontSize: 14, overflowWrap: 'anywhere' }}>
          {r.items.map((i) => i.title).join(', ')}
        </Box>
        <Box component="span" sx={{ fontSize: 13, color: r.etims.state === 'signed' ? 'success.main' : 'text.secondary', whiteSpace: 'nowrap', textAlign: 'right' }}>
          {t('account.receipts.state', { state: r.etims.state })}
        </Box>
        <Box component="time" dateTime={r.issued_at} sx={{ fontSize: 13, color: 'text.secondary' }}>
          {formatDate(r.issued_at)}
        </Box>
      </Box>
    </Box>
  );
}

/** The account's tax receipts (KRA eTIMS): each opens its printable page. */
export function ReceiptsList() {
  const t = useT();
  const receipts = useReceipts();
  const entries = receipts.data?.pages.flatMap((p) => p.results) ?? [];
  return (
    <>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('account.receipts.title')}
      </Typography>
      {/* The server leaves out what the family lock hides and counts it (CONTRACT §16). */}
      <HiddenByFamilyLock rows="receipts" count={hiddenIn(...(receipts.data?.pages ?? []))} />
      {receipts.isError && entries.length === 0 ? (
        <ErrorState onRetry={() => void receipts.refetch()} />
      ) : receipts.isPending ? (
        <Skeleton variant="rounded" height={160} />
      ) : entries.length === 0 ? (
        hiddenIn(...(receipts.data?.pages ?? [])) === 0 && <EmptyState message={t('account.receipts.empty')} />
      ) : (
        <>
          <Box component="ul" aria-label={t('account.receipts.title')} sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
            {entries.map((r) => (
              <Entry key={r.id} r={r} />
            ))}
          </Box>
          {receipts.hasNextPage && (
            <Button sx={{ mt: 1.5 }} variant="outlined" onClick={() => void receipts.fetchNextPage()} disabled={receipts.isFetchingNextPage}>
              {t('account.receipts.more')}
            </Button>
          )}
        </>
      )}
    </>
  );
}
