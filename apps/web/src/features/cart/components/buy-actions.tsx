import { useQuery } from '@tanstack/react-query';
import { Suspense, use, useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { Video } from '@store/contract';
import { ownedVideoQuery } from '../../../lib/owned-video.ts';
import { isSignedIn, useSession } from '../../../lib/session.ts';
import { useAddToCart } from '../api/order-calls.ts';
import { useCart } from '../../../api/get-cart.ts';
import { i18n, useT } from '../../../lib/i18n.ts';
import { loadCartMessages } from '../messages.ts';
import { lazyThemed } from '../../../components/lazy-themed.tsx';

// The dialog (its form, zod and the contract's schemas) loads when Buy is near a finger, not with the
// store page: evaluating it with the page was a third of a long task on a slow phone (bench/README.md).
const loadBuyDialog = () => import('./buy-dialog.tsx');
const BuyDialog = lazyThemed(() => loadBuyDialog().then((m) => m.BuyDialog));

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
 * Plain buttons with the shell's classes (app/layout/shell.css), not MUI's: no styles made at run time.
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
      <div className="buy-actions">
        <span className="chip chip-medium chip-success">
          <span>{t('cart.owned')}</span>
        </span>
        <Link className="btn btn-contained btn-large" to={`/watch/${video.vidId}`}>
          {t('cart.watch_now')}
        </Link>
      </div>
    );
  }
  if (!video.for_sale) {
    return (
      <div className="buy-soon" role="status">
        <span className="chip chip-medium">
          <span>{t('cart.coming_soon')}</span>
        </span>
        <p className="buy-soon-text">{t('cart.being_prepared')}</p>
      </div>
    );
  }
  const item = { video_id: video.vidId, video_name: video.title, image_url: video.image, price: video.price, purchase_times: video.purchase_times, season: video.season, dj: video.dj };
  return (
    <div className="buy-actions">
      <button type="button" className="btn btn-contained btn-large" onClick={() => setBuying(true)} onPointerEnter={loadBuyDialog} onTouchStart={loadBuyDialog} onFocus={loadBuyDialog} disabled={deciding}>
        {t('cart.buy')}
      </button>
      {inCart ? (
        <button type="button" className="btn btn-outlined btn-large" disabled>
          {t('cart.in_cart')}
        </button>
      ) : (
        <button type="button" className="btn btn-outlined btn-large" onClick={() => add.mutate(item)} disabled={add.isPending || cart.isPending || deciding}>
          {t('cart.add_to_cart')}
        </button>
      )}
      {inCart && (
        <Link className="btn btn-text btn-large" to="/cart">
          {t('cart.go_to_cart')}
        </Link>
      )}
      {buying && (
        <Suspense>
          <BuyDialog open items={[item]} returnTo={`/video/${video.vidId}?buy=1`} onClose={() => setBuying(false)} onBought={(done) => navigate('/purchase/done', { state: done })} />
        </Suspense>
      )}
    </div>
  );
}
