import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';
import type { Rental } from '@store/contract';
import { EmptyState, ErrorState } from '../../../components/states.tsx';
import { HiddenByFamilyLock, hiddenIn } from '../../../components/family-lock-note.tsx';
import { RentalTimeLeft } from '../../../components/rental-time-left.tsx';
import { useRentals } from '../../../api/get-rentals.ts';
import { formatDate, formatKsh } from '../../../lib/format.ts';
import { useT } from '../../../lib/i18n.ts';

function RentalRow({ r }: { r: Rental }) {
  const t = useT();
  return (
    <Box component="li" data-testid="rental" sx={{ p: 1.5, bgcolor: 'background.paper', borderRadius: 1, display: 'grid', gridTemplateColumns: '1fr auto', columnGap: 1, rowGap: 0.25 }}>
      <Box component={Link} to={`/watch/${r.video_id}`} sx={{ color: 'inherit', fontWeight: 700, overflowWrap: 'anywhere' }}>
        {r.title}
      </Box>
      <Box component="span" sx={{ fontWeight: 700, whiteSpace: 'nowrap', color: Date.parse(r.expires_at) > Date.now() ? 'secondary.main' : 'text.secondary' }}>
        <RentalTimeLeft rental={r} className="" />
      </Box>
      <Box component="span" sx={{ gridColumn: '1 / -1', fontSize: 13, color: 'text.secondary' }}>
        {t('account.rentals.rented', { date: formatDate(r.rented_at, { dateOnly: true }), amount: formatKsh(r.price_paid) })}
      </Box>
    </Box>
  );
}

/** The customer's rentals (CONTRACT §11), each with its time left: to start, to watch, or ended. */
export function RentalsList() {
  const t = useT();
  const rentals = useRentals();
  const all = rentals.data?.results ?? [];
  return (
    <>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('account.rentals.title')}
      </Typography>
      {/* The server leaves out what the family lock hides and counts it (CONTRACT §16). */}
      <HiddenByFamilyLock count={hiddenIn(rentals.data)} />
      {rentals.isError ? (
        <ErrorState onRetry={() => void rentals.refetch()} />
      ) : rentals.isPending ? (
        <Skeleton variant="rounded" height={120} />
      ) : all.length === 0 ? (
        hiddenIn(rentals.data) === 0 && <EmptyState message={t('account.rentals.empty')} />
      ) : (
        <Box component="ul" aria-label={t('account.rentals.title')} sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
          {all.map((r) => (
            <RentalRow key={r.id} r={r} />
          ))}
        </Box>
      )}
    </>
  );
}
