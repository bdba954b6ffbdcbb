import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ActivityEntry } from '@store/contract';
import { EmptyState, ErrorState } from '../../../components/states.tsx';
import { HiddenByFamilyLock, hiddenIn } from '../../../components/family-lock-note.tsx';
import { formatDate, formatKsh } from '../../../lib/format.ts';
import { useT } from '../../../lib/i18n.ts';
import { useActivity } from '../api/get-activity.ts';

const signed = (amount: number) => `${amount < 0 ? '−' : '+'}${formatKsh(Math.abs(amount))}`;

function Entry({ e }: { e: ActivityEntry }) {
  const t = useT();
  return (
    <Box component="li" data-testid="activity-entry" sx={{ p: 1.5, bgcolor: 'background.paper', borderRadius: 1, display: 'grid', gridTemplateColumns: '1fr auto', columnGap: 1, rowGap: 0.25 }}>
      <Box component="span" sx={{ fontWeight: 700 }}>
        {t('account.activity.kind', { kind: e.kind })}
      </Box>
      <Box component="span" sx={{ fontWeight: 800, whiteSpace: 'nowrap', color: e.amount < 0 ? 'text.primary' : 'success.main' }}>
        {signed(e.amount)}
      </Box>
      {(e.note || e.mpesa_receipt) && (
        <Box component="span" sx={{ gridColumn: '1 / -1', fontSize: 14, overflowWrap: 'anywhere' }}>
          {e.note}
          {e.mpesa_receipt ? ` · ${t('account.receipt', { receipt: e.mpesa_receipt })}` : ''}
        </Box>
      )}
      <Box component="time" dateTime={e.time} sx={{ fontSize: 13, color: 'text.secondary' }}>
        {formatDate(e.time)}
      </Box>
      <Box component="span" sx={{ fontSize: 13, color: 'text.secondary', whiteSpace: 'nowrap', textAlign: 'right' }}>
        {t('account.activity.balance_after', { balance: formatKsh(e.balance_after) })}
      </Box>
    </Box>
  );
}

/**
 * The account's activity: every change of the balance (deposits, purchases, refunds, adjustments;
 * rentals and gifts when they are sold) from the ledger, newest first, with the balance after each.
 */
export function ActivityList() {
  const t = useT();
  const activity = useActivity();
  const entries = activity.data?.pages.flatMap((p) => p.results) ?? [];
  return (
    <>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('account.activity.title')}
      </Typography>
      {/* The server leaves out what the family lock hides and counts it (CONTRACT §16). */}
      <HiddenByFamilyLock rows="entries" count={hiddenIn(...(activity.data?.pages ?? []))} />
      {activity.isError && entries.length === 0 ? (
        <ErrorState onRetry={() => void activity.refetch()} />
      ) : activity.isPending ? (
        <Skeleton variant="rounded" height={160} />
      ) : entries.length === 0 ? (
        hiddenIn(...(activity.data?.pages ?? [])) === 0 && <EmptyState message={t('account.activity.empty')} />
      ) : (
        <>
          <Box component="ul" aria-label={t('account.activity.title')} sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
            {entries.map((e) => (
              <Entry key={e.id} e={e} />
            ))}
          </Box>
          {activity.hasNextPage && (
            <Button sx={{ mt: 1.5 }} variant="outlined" onClick={() => void activity.fetchNextPage()} disabled={activity.isFetchingNextPage}>
              {t('account.activity.more')}
            </Button>
          )}
        </>
      )}
    </>
  );
}
