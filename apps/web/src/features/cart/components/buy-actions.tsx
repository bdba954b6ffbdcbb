import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, use, useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { Video } from '@store/contract';
import { ownedVideoQuery } from '../../../lib/owned-video.ts';
import { isSignedIn, useSession } from '../../../lib/session.ts';
import { useAddToCart } from '../api/order-calls.ts';
import { useCart } from '../../../api/get-cart.ts';
import { i18n, useT } from '../../../lib/i18n.ts';
import { loadCartMessages } from '../messages.ts';

// The dialog (its form, zod and the contract's schemas) loads when Buy is near a finger, not with the
// store page: evaluating it with the page was a third of a long task on a slow phone (bench/README.md).
const loadBuyDialog = () => import('./buy-dialog.tsx');
const BuyDialog = lazy(() => loadBuyDialog().then((m) => ({ default: m.BuyDialog })));

let loading: Promise<void> | undefined;
/**
 * The router loads these words with the store page; a screen that shows it inside its own (the
 * player's page for a visitor, /watch/{id}) may not have: then the screen waits for them here.
 */
function useCartWords() {
  if (i18n.messages['cart.buy'] !== undefined) return;
  use((loading ??= loadCartMessages().catch((err: unknown) => ((loading = undefined), Promise.reject(err)))));
}

/**
 * The store page's Buy and Add to cart (seed §2, §4). Whether the customer owns this very video is
 * the server's answer (CONTRACT §8), asked on every visit: a season bought is not the next season,
 * and a refunded video is for sale again. `?buy=1` (back from logging in) opens the purchase again.
 */
export function BuyActions({ video }: { video: Video }) {
  useCartWords();
  const t = useT();
  const navigate = useNavigate();
  const { signedIn } = useSession();
  const [params, setParams] = useSearchParams();
  const access = useQuery({ ...ownedVideoQuery(video.vidId), enabled: signedIn });
  const cart = useCart();
  const add = useAddToCart();
  const [buying, setBuying] = useState(false);
  const inCart = cart.data?.results.some((i) => i.video_id === video.vidId) ?? false;
  const owned = access.data?.owned === true;
  const deciding = signedIn && access.isPending;

  useEffect(() => {
    if (params.get('buy') !== '1' || deciding) return;
    setParams((p) => (p.delete('buy'), p), { replace: true });
    if (isSignedIn() && !owned && video.for_sale) setBuying(true);
  }, [params, setParams, deciding, owned, video.for_sale]);

  if (owned) {
    return (
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mt: 2 }}>
        <Chip color="success" label={t('cart.owned')} />
        <Button component={Link} to={`/watch/${video.vidId}`} variant="contained" size="large">
          {t('cart.watch_now')}
        </Button>
      </Box>
    );
  }
  if (!video.for_sale) {
    return (
      <Box sx={{ mt: 2 }} role="status">
        <Chip label={t('cart.coming_soon')} />
        <Typography variant="body2" sx={{ mt: 1, color: 'text.secondary' }}>
          {t('cart.being_prepared')}
        </Typography>
      </Box>
    );
  }
  const item = { video_id: video.vidId, video_name: video.title, image_url: video.image, price: video.price, purchase_times: video.purchase_times, season: video.season, dj: video.dj };
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 2 }}>
      <Button variant="contained" size="large" onClick={() => setBuying(true)} onPointerEnter={loadBuyDialog} onTouchStart={loadBuyDialog} onFocus={loadBuyDialog} disabled={deciding}>
        {t('cart.buy')}
      </Button>
      {inCart ? (
        <Button variant="outlined" size="large" disabled>
          {t('cart.in_cart')}
        </Button>
      ) : (
        <Button variant="outlined" size="large" onClick={() => add.mutate(item)} disabled={add.isPending || cart.isPending || deciding}>
          {t('cart.add_to_cart')}
        </Button>
      )}
      {inCart && (
        <Button component={Link} to="/cart" size="large">
          {t('cart.go_to_cart')}
        </Button>
      )}
      {buying && (
        <Suspense>
          <BuyDialog open items={[item]} returnTo={`/video/${video.vidId}?buy=1`} onClose={() => setBuying(false)} onBought={(done) => navigate('/purchase/done', { state: done })} />
        </Suspense>
      )}
    </Box>
  );
}
