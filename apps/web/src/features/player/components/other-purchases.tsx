import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';
import { EmptyState, ErrorState } from '../../../components/states.tsx';
import { formatKsh } from '../../../lib/format.ts';
import { useT } from '../../../lib/i18n.ts';
import { useInfo } from '../../../api/get-info.ts';
import { keptByFamilyLock, useFamilyLock } from '../../../lib/family-lock.ts';

/** 'Other Purchased Videos': the rest of what the customer owns, one tap from playing. */
export function OtherPurchases({ currentId, basePath }: { currentId: number; basePath: '/watch' | '/play' }) {
  const t = useT();
  const info = useInfo();
  useFamilyLock();
  // While the family lock is on, 16 and 18 stay out of this list (the player asks for the PIN where it would play one).
  const others = keptByFamilyLock((info.data?.purchase ?? []).filter((p) => p.video_id !== currentId)).shown;
  return (
    <Box component="section" aria-labelledby="other-heading" sx={{ mt: 3 }}>
      <Typography id="other-heading" variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('player.other_purchases')}
      </Typography>
      {info.isError ? (
        <ErrorState message={t('player.other_failed')} onRetry={() => void info.refetch()} />
      ) : info.isPending ? (
        <Skeleton variant="rounded" height={120} />
      ) : others.length === 0 ? (
        <EmptyState message={t('player.other_empty')} />
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          {others.map((p) => (
            <Box component="li" key={p.video_id}>
              <Box
                component={Link}
                to={`${basePath}/${p.video_id}`}
                state={{ switched: true }}
                sx={{ display: 'flex', gap: 1.5, alignItems: 'center', p: 1, borderRadius: 1, color: 'inherit', textDecoration: 'none', bgcolor: 'background.paper', '&:hover': { bgcolor: 'action.hover' } }}
              >
                {p.image_url && <Box component="img" src={p.image_url.replace('-480.webp', '-160.webp')} alt="" loading="lazy" width={40} height={60} sx={{ borderRadius: 0.5, objectFit: 'cover' }} />}
                <Box sx={{ minWidth: 0 }}>
                  <Typography sx={{ fontWeight: 600 }}>{p.video_name}</Typography>
                  <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                    {formatKsh(p.price)}
                  </Typography>
                </Box>
              </Box>
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}
