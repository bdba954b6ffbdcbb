import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { Gift } from '@store/contract';
import { EmptyState, ErrorState } from '../../../components/states.tsx';
import { HiddenByFamilyLock, hiddenIn } from '../../../components/family-lock-note.tsx';
import { formatDate, formatKsh } from '../../../lib/format.ts';
import { useT } from '../../../lib/i18n.ts';
import { useGifts } from '../api/get-gifts.ts';

const STATE_COLOR = { sent: 'info.main', claimed: 'success.main', returned: 'text.secondary' } as const;

function GiftRow({ g }: { g: Gift }) {
  const t = useT();
  const whom = g.direction === 'sent' ? t('account.gifts.to', { to: g.to ?? '' }) : t('account.gifts.from', { from: g.from });
  return (
    <Box component="li" data-testid="gift" sx={{ p: 1.5, bgcolor: 'background.paper', borderRadius: 1, display: 'grid', gridTemplateColumns: '1fr auto', columnGap: 1, rowGap: 0.25 }}>
      <Box component="span" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
        {g.title}
      </Box>
      <Box component="span" sx={{ fontWeight: 700, whiteSpace: 'nowrap', color: STATE_COLOR[g.state] }}>
        {t('account.gifts.state', { state: g.direction === 'sent' ? g.state : `${g.state}_received` })}
      </Box>
      <Box component="span" sx={{ gridColumn: '1 / -1', fontSize: 14, overflowWrap: 'anywhere' }}>
        {whom}
        {g.amount !== null ? ` · ${formatKsh(g.amount)}` : ''}
        {g.message ? ` · “${g.message}”` : ''}
      </Box>
      <Box component="time" dateTime={g.created_at} sx={{ gridColumn: '1 / -1', fontSize: 13, color: 'text.secondary' }}>
        {formatDate(g.created_at)}
        {g.direction === 'sent' && g.state === 'sent' ? ` · ${t('account.gifts.returns_on', { date: formatDate(g.expires_at, { dateOnly: true }) })}` : ''}
      </Box>
    </Box>
  );
}

/** The gifts sent and received (CONTRACT §11): to or from whom, and whether claimed or returned. */
export function GiftsList() {
  const t = useT();
  const gifts = useGifts();
  const all = gifts.data?.results ?? [];
  const groups = [
    { key: 'received', title: t('account.gifts.received'), items: all.filter((g) => g.direction === 'received') },
    { key: 'sent', title: t('account.gifts.sent'), items: all.filter((g) => g.direction === 'sent') },
  ].filter((group) => group.items.length > 0);
  return (
    <>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('account.gifts.title')}
      </Typography>
      {/* The server leaves out what the family lock hides and counts it (CONTRACT §16). */}
      <HiddenByFamilyLock rows="gifts" count={hiddenIn(gifts.data)} />
      {gifts.isError ? (
        <ErrorState onRetry={() => void gifts.refetch()} />
      ) : gifts.isPending ? (
        <Skeleton variant="rounded" height={120} />
      ) : all.length === 0 ? (
        hiddenIn(gifts.data) === 0 && <EmptyState message={t('account.gifts.empty')} />
      ) : (
        groups.map((group) => (
          <Box key={group.key} component="section" sx={{ mb: 2 }} aria-labelledby={`gifts-${group.key}`}>
            <Typography id={`gifts-${group.key}`} variant="subtitle1" component="h3" sx={{ fontWeight: 700, mb: 0.5 }}>
              {group.title}
            </Typography>
            <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
              {group.items.map((g) => (
                <GiftRow key={`${g.direction}-${g.id}`} g={g} />
              ))}
            </Box>
          </Box>
        ))
      )}
    </>
  );
}
