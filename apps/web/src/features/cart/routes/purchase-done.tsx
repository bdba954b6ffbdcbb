import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import { DEFAULT_RENTAL_HOURS } from '@store/contract';
import { formatKsh } from '../../../lib/format.ts';
import { pageSx, PageTitle } from '../../../components/page.tsx';
import type { PurchaseDone } from '../components/buy-dialog.tsx';
import { ReceiptLink } from '../components/receipt-link.tsx';
import { useT } from '../../../lib/i18n.ts';
import { passLength } from '../../../components/pass-words.ts';
import { seasonName } from '../../../components/catalog-words.ts';

/** A pass bought (or given) from the Passes page: its clock and where its videos are (or the gifts sent). */
function PassDone({ done }: { done: PurchaseDone }) {
  const t = useT();
  const gift = done.kind === 'gift';
  return (
    <Box sx={{ ...pageSx, maxWidth: 560 }}>
      <PageTitle>{gift ? t('cart.done.gift_title') : t('cart.done.pass_title')}</PageTitle>
      <Alert severity="success" sx={{ mb: 2 }} role="status">
        {done.receipt ? (
          <>
            {t('cart.done.paid_mpesa', { amount: formatKsh(done.total) })} <strong data-testid="mpesa-receipt">{done.receipt}</strong>.
          </>
        ) : (
          <>{t('cart.done.paid_balance', { amount: formatKsh(done.total) })}</>
        )}
        {done.balance !== null && <> {t('cart.done.balance_now', { balance: formatKsh(done.balance) })}</>}
      </Alert>
      <Typography sx={{ mb: 2 }}>{gift ? t('cart.done.gift_sent') : t('cart.done.pass_clock', { length: passLength(t, done.hours ?? 24) })}</Typography>
      <Button component={Link} to={gift ? '/account?section=gifts' : (done.browse ?? '/')} variant="contained" size="large" fullWidth>
        {gift ? t('cart.done.gifts_sent') : t('cart.done.pass_browse')}
      </Button>
      <ReceiptLink total={done.total} />
    </Box>
  );
}

/**
 * /purchase/done: the clear end of a purchase (issue 13). The first button plays the video; a payment
 * made with M-Pesa shows its receipt number, as Kenyans expect to see it.
 */
export default function PurchaseDoneScreen() {
  const t = useT();
  const done = (useLocation().state as PurchaseDone | null) ?? null;
  const play = useRef<HTMLAnchorElement>(null);
  // Focused for the keyboard and screen readers, without scrolling the title and the receipt out of sight.
  useEffect(() => play.current?.focus({ preventScroll: true }), []);

  // A pass bought or given from the Passes page or a DJ's: no video to play first.
  if (done && done.items.length === 0 && (done.kind === 'pass' || done.kind === 'gift')) return <PassDone done={done} />;
  if (!done || done.items.length === 0) {
    return (
      <Box sx={{ ...pageSx, maxWidth: 560 }}>
        <PageTitle>{t('cart.done.your_videos')}</PageTitle>
        <Typography>
          {t('cart.done.bought_is_in')} <Link to="/account?section=list">{t('cart.done.your_list')}</Link>.
        </Typography>
      </Box>
    );
  }
  const [first, ...rest] = done.items;
  const gift = done.kind === 'gift';
  return (
    <Box sx={{ ...pageSx, maxWidth: 560 }}>
      <PageTitle>{gift ? t('cart.done.gift_title') : done.kind === 'rental' ? t('cart.done.rent_title') : done.kind === 'pass' ? t('cart.done.pass_title') : t('cart.done.title')}</PageTitle>
      <Alert severity="success" sx={{ mb: 2 }} role="status">
        {done.receipt ? (
          <>
            {t('cart.done.paid_mpesa', { amount: formatKsh(done.total) })} <strong data-testid="mpesa-receipt">{done.receipt}</strong>.
          </>
        ) : (
          <>{t('cart.done.paid_balance', { amount: formatKsh(done.total) })}</>
        )}
        {done.balance !== null && <> {t('cart.done.balance_now', { balance: formatKsh(done.balance) })}</>}
      </Alert>
      {gift && <Typography sx={{ mb: 2 }}>{t('cart.done.gift_sent')}</Typography>}
      {done.kind === 'rental' && <Typography sx={{ mb: 2 }}>{t('cart.done.rent_clock', { hours: done.hours ?? DEFAULT_RENTAL_HOURS })}</Typography>}
      {done.kind === 'pass' && <Typography sx={{ mb: 2 }}>{t('cart.done.pass_clock', { length: passLength(t, done.hours ?? 24) })}</Typography>}
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', mb: 2 }}>
        {first!.image_url && <img src={first!.image_url.replace('-480.webp', '-160.webp')} alt="" width={64} height={96} style={{ borderRadius: 4, objectFit: 'cover' }} />}
        <Typography variant="h6" component="p">
          {first!.video_name}
          {first!.season && (
            <Typography component="span" sx={{ display: 'block', color: 'text.secondary' }}>
              {seasonName(t, first!.season)}
            </Typography>
          )}
        </Typography>
      </Box>
      {gift ? (
        <Button ref={play} component={Link} to="/account?section=gifts" variant="contained" size="large" fullWidth>
          {t('cart.done.gifts_sent')}
        </Button>
      ) : (
        <Button ref={play} component={Link} to={`/watch/${first!.video_id}?play=1`} variant="contained" size="large" fullWidth>
          {first!.video_name ? t('cart.done.play_title', { title: first!.video_name }) : t('cart.done.play_now')}
        </Button>
      )}
      <ReceiptLink total={done.total} />
      {!gift && rest.length > 0 && (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, mt: 2, display: 'grid', gap: 1 }}>
          {rest.map((i) => (
            <Box component="li" key={i.video_id} sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 1 }}>
              <Typography>
                {i.video_name}
                {i.season ? ` · ${seasonName(t, i.season)}` : ''}
              </Typography>
              <Button component={Link} to={`/watch/${i.video_id}?play=1`} variant="outlined">
                {t('cart.done.watch')}
              </Button>
            </Box>
          ))}
        </Box>
      )}
      {/* A pass owns nothing: what it covers plays until it ends (the line above says so). */}
      {!gift && done.kind !== 'pass' && (
        <Typography variant="body2" sx={{ mt: 3 }}>
          {t('cart.done.owned_is_in')}{' '}
          <Link to="/account?section=list" style={{ color: 'inherit' }}>
            {t('cart.done.your_list')}
          </Link>
          {t('cart.done.any_phone')}
        </Typography>
      )}
    </Box>
  );
}
