import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { Link, useParams } from 'react-router';
import { ErrorState } from '../../../components/states.tsx';
import { pageSx, PageTitle } from '../../../components/page.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatDate, formatKsh } from '../../../lib/format.ts';
import { useT } from '../../../lib/i18n.ts';
import { useSession } from '../../../lib/session.ts';
import { useClaimGift } from '../api/claim-gift.ts';
import { useGiftPreview } from '../api/get-gift.ts';
import { seasonName } from '../../../components/catalog-words.ts';

/**
 * /gift/{token}: the link a gift's recipient gets by SMS or e-mail (CONTRACT §11). The poster and the
 * giver's words for anyone holding the link; signed in (or after signing up or logging in here), one
 * tap claims it. A pass given (CONTRACT §14) says until when it runs, and leads to their passes.
 */
export default function GiftClaimScreen() {
  const t = useT();
  const { token } = useParams();
  const { signedIn } = useSession();
  const q = useGiftPreview(token);
  const claim = useClaimGift();
  const here = `/gift/${encodeURIComponent(token ?? '')}`;

  if (q.isError) {
    const gone = q.error instanceof ApiError && q.error.status === 404;
    return (
      <Box sx={pageSx}>
        <ErrorState message={gone ? t('cart.claim.not_found') : undefined} onRetry={gone ? undefined : () => void q.refetch()} />
      </Box>
    );
  }
  const gift = q.data;
  if (!gift) {
    return (
      <Box sx={{ ...pageSx, maxWidth: 560 }} aria-busy="true">
        <Skeleton width="70%" height={44} />
        <Skeleton variant="rounded" height={200} sx={{ mt: 2 }} />
      </Box>
    );
  }
  const first = gift.videos[0];
  const claimed = claim.data;
  const watchable = claimed ? gift.videos.filter((v) => claimed.video_ids.includes(v.id)) : [];
  return (
    <Box sx={{ ...pageSx, maxWidth: 560 }}>
      <PageTitle>{t('cart.claim.title', { from: gift.from })}</PageTitle>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
        {first?.image && <img src={first.image} srcSet={first.image_set.map((i) => `${i.url} ${i.width}w`).join(', ')} sizes="120px" alt="" width={120} height={180} style={{ borderRadius: 6, objectFit: 'cover', flexShrink: 0 }} />}
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h6" component="h2" sx={{ fontWeight: 800 }}>
            {gift.title}
          </Typography>
          {gift.videos.length > 1 && (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {gift.videos.map((v) => seasonName(t, v.season) ?? v.title).join(' · ')}
            </Typography>
          )}
          {gift.message && (
            <Typography component="blockquote" sx={{ m: 0, mt: 1.5, pl: 1.5, borderLeft: 3, borderColor: 'secondary.main', fontStyle: 'italic', overflowWrap: 'anywhere' }}>
              “{gift.message}”
            </Typography>
          )}
          <Typography variant="body2" sx={{ mt: 1, color: 'text.secondary' }}>
            {t('cart.claim.from', { from: gift.from })}
          </Typography>
        </Box>
      </Box>
      <Box sx={{ mt: 3 }}>
        {claimed ? (
          <>
            <Alert severity="success" role="status">
              {t('cart.claim.claimed_now')}
              {claimed.credited > 0 && <> {t('cart.claim.credited', { amount: formatKsh(claimed.credited), balance: formatKsh(claimed.balance) })}</>}
              {claimed.pass && <> {t('cart.claim.pass_live', { title: claimed.pass.title, time: formatDate(claimed.pass.ends_at) })}</>}
            </Alert>
            <Box sx={{ display: 'grid', gap: 1, mt: 2 }}>
              {claimed.pass && (
                <Button component={Link} to="/passes" variant="contained" size="large">
                  {t('cart.claim.your_passes')}
                </Button>
              )}
              {watchable.map((v) => (
                <Button key={v.id} component={Link} to={`/watch/${v.id}?play=1`} variant="contained" size="large">
                  {t('cart.done.play_title', { title: v.season ? `${v.title} · ${seasonName(t, v.season)}` : v.title })}
                </Button>
              ))}
            </Box>
          </>
        ) : gift.state === 'claimed' ? (
          <Alert severity="info">{t('cart.claim.already_claimed')}</Alert>
        ) : gift.state === 'returned' ? (
          <Alert severity="info">{t('cart.claim.returned')}</Alert>
        ) : signedIn ? (
          <>
            {claim.isPending && <LinearProgress sx={{ mb: 1 }} aria-label={t('cart.sending')} />}
            {claim.error && (
              <Alert severity="error" sx={{ mb: 1.5 }}>
                {claim.error instanceof ApiError ? claim.error.message : t('cart.connection_error')}
              </Alert>
            )}
            <Button variant="contained" size="large" fullWidth disabled={claim.isPending} onClick={() => token && claim.mutate(token)}>
              {t('cart.claim.claim')}
            </Button>
          </>
        ) : (
          <>
            <Typography sx={{ mb: 1.5 }}>{t('cart.claim.sign_in_first')}</Typography>
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
              <Button component={Link} to={`/account/authenticate?tab=register&next=${encodeURIComponent(here)}`} variant="contained" size="large" sx={{ flexGrow: 1 }}>
                {t('cart.claim.sign_up')}
              </Button>
              <Button component={Link} to={`/account/authenticate?next=${encodeURIComponent(here)}`} variant="outlined" size="large" sx={{ flexGrow: 1 }}>
                {t('cart.log_in')}
              </Button>
            </Box>
          </>
        )}
      </Box>
    </Box>
  );
}
