import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import type { PromoCodePreview } from '@store/contract';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { EmptyState, ErrorState } from '../../../components/states.tsx';
import { HiddenByFamilyLock, hiddenIn } from '../../../components/family-lock-note.tsx';
import { formatKsh } from '../../../lib/format.ts';
import { pageSx, PageTitle } from '../../../components/page.tsx';
import { useRemoveFromCart } from '../api/order-calls.ts';
import { useCart } from '../../../api/get-cart.ts';
import { BuyDialog } from '../components/buy-dialog.tsx';
import { PromoField } from '../components/promo-field.tsx';
import { isSignedIn } from '../../../lib/session.ts';
import { leftOutOfCart } from '../../../lib/local-cart.ts';
import { useT } from '../../../lib/i18n.ts';
import { seasonName } from '../../../components/catalog-words.ts';

/** /cart: the items, their total (the sum of the prices, seed §9), remove, and checkout. */
export default function CartScreen() {
  const t = useT();
  const navigate = useNavigate();
  const cart = useCart();
  const remove = useRemoveFromCart();
  const [buying, setBuying] = useState<'buy' | 'gift' | null>(null);
  const [promo, setPromo] = useState<PromoCodePreview | null>(null);
  const [params, setParams] = useSearchParams();
  // Said once, on the first cart page after the login that left them out.
  const [leftOut] = useState(leftOutOfCart.take);
  const items = cart.data?.results ?? [];
  // Back from logging in at checkout: carry on with the checkout.
  useEffect(() => {
    if (params.get('checkout') !== '1' || cart.isPending) return;
    setParams({}, { replace: true });
    if ((cart.data?.results.length ?? 0) > 0) setBuying('buy');
  }, [params, setParams, cart.isPending, cart.data]);
  const total = items.reduce((s, i) => s + i.price, 0);
  const ids = items.map((i) => i.video_id).join(',');
  // A code applies to these very videos: a change to the cart asks for it again.
  useEffect(() => setPromo(null), [ids]);

  return (
    <Box sx={{ ...pageSx, maxWidth: 720 }}>
      <PageTitle>{t('cart.title')}</PageTitle>
      {leftOut.length > 0 && (
        <Box role="status" sx={{ p: 1.5, mb: 2, bgcolor: 'background.paper', borderRadius: 1 }}>
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 0.5 }}>
            {leftOut.map((v) => (
              <li key={v.video_id}>
                {v.owned ? (
                  <>
                    {t('cart.left_out_owned', { title: v.video_name })}{' '}
                    <Box component={Link} to={`/watch/${v.video_id}`} sx={{ color: 'secondary.main', fontWeight: 700 }}>
                      {t('cart.watch_now')}
                    </Box>
                  </>
                ) : (
                  t('cart.left_out_not_for_sale', { title: v.video_name })
                )}
              </li>
            ))}
          </Box>
        </Box>
      )}
      {/* The server leaves out what the family lock hides and counts it (CONTRACT §16). */}
      <HiddenByFamilyLock count={hiddenIn(cart.data)} />
      {cart.isError ? (
        <ErrorState onRetry={() => void cart.refetch()} />
      ) : cart.isPending ? (
        <Skeleton variant="rounded" height={160} />
      ) : items.length === 0 ? (
        hiddenIn(cart.data) === 0 && <EmptyState message={t('cart.empty')} />
      ) : (
        <>
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
            {items.map((i) => (
              <Box component="li" key={i.video_id} sx={{ display: 'flex', gap: 1.5, alignItems: 'center', p: 1, bgcolor: 'background.paper', borderRadius: 1 }}>
                <Box sx={{ width: 48, aspectRatio: '2 / 3', flexShrink: 0, bgcolor: 'grey.900', borderRadius: 0.5, overflow: 'hidden' }}>
                  {i.image_url && <img src={i.image_url.replace('-480.webp', '-160.webp')} alt="" width={48} height={72} loading="lazy" style={{ width: '100%', height: '100%', objectFit: 'cover' }} />}
                </Box>
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <Typography component={Link} to={`/video/${i.video_id}`} sx={{ color: 'inherit', fontWeight: 600 }}>
                    {i.video_name}
                  </Typography>
                  <Typography variant="caption" component="p" sx={{ color: 'text.secondary' }}>
                    {i.season ? `${seasonName(t, i.season)} · ` : ''}DJ {i.dj}
                  </Typography>
                </Box>
                <Typography sx={{ color: 'secondary.main', fontWeight: 700, whiteSpace: 'nowrap' }}>{formatKsh(i.price)}</Typography>
                <Button size="small" color="inherit" onClick={() => remove.mutate(i.video_id)} aria-label={t('cart.remove_title', { title: i.video_name })}>
                  {t('cart.remove')}
                </Button>
              </Box>
            ))}
          </Box>
          {isSignedIn() && <PromoField key={ids} target={{ videoIds: items.map((i) => i.video_id) }} applied={promo} onChange={setPromo} />}
          <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 1, mt: 2 }}>
            <Typography sx={{ fontSize: 20, fontWeight: 800 }} data-testid="cart-total">
              {promo && promo.total_after !== total && (
                <>
                  <s style={{ fontWeight: 400, fontSize: 16 }}>{formatKsh(total)}</s>{' '}
                </>
              )}
              {t('cart.total', { amount: formatKsh(promo ? promo.total_after : total) })}
            </Typography>
            <Box sx={{ display: 'flex', gap: 1 }}>
              <Button color="inherit" onClick={() => setBuying('gift')}>
                {t('cart.gift.give')}
              </Button>
              <Button variant="contained" size="large" onClick={() => setBuying('buy')}>
                {t('cart.checkout')}
              </Button>
            </Box>
          </Box>
        </>
      )}
      {buying && (
        <BuyDialog
          open
          items={items}
          gift={buying === 'gift'}
          promo={buying === 'buy' ? promo : null}
          returnTo="/cart?checkout=1"
          onClose={() => setBuying(null)}
          onBought={(done) => navigate('/purchase/done', { state: done })}
        />
      )}
    </Box>
  );
}
