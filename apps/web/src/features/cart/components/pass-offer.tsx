import { Suspense, useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { PassProduct, Video } from '@store/contract';
import { bestPassFor, usePassesCovering, usePassProducts } from '../../../api/passes.ts';
import { lazyThemed } from '../../../components/lazy-themed.tsx';
import { passLength, passScopeName } from '../../../components/pass-words.ts';
import { formatKsh } from '../../../lib/format.ts';
import { useT } from '../../../lib/i18n.ts';
import { isSignedIn } from '../../../lib/session.ts';
import type { BoughtItem } from './buy-dialog.tsx';

const loadBuyDialog = () => import('./buy-dialog.tsx');
const BuyDialog = lazyThemed(() => loadBuyDialog().then((m) => m.BuyDialog));
const preload = { onPointerEnter: loadBuyDialog, onTouchStart: loadBuyDialog, onFocus: loadBuyDialog };

/** Where a pass's videos are, for the success screen of a pass bought with no video in view. */
export function passBrowsePath(p: PassProduct): string {
  const name = encodeURIComponent(p.scope.name ?? String(p.scope.value ?? ''));
  return p.scope.kind === 'dj' ? `/dj/${name}` : p.scope.kind === 'genre' ? `/genre/${name}` : p.scope.kind === 'category' ? `/store/${encodeURIComponent(String(p.scope.value ?? ''))}` : '/';
}

/**
 * The one buy dialog (the same checkout as buying and renting: balance, or one M-Pesa prompt) for a
 * pass, or for giving it. `?pass={id}`: back from the sign-in link a visitor was mailed, it opens again.
 */
function usePassDialog(product: PassProduct | undefined, video?: BoughtItem) {
  const navigate = useNavigate();
  const [opened, setOpened] = useState<'buy' | 'gift' | null>(null);
  const [params, setParams] = useSearchParams();
  const reopen = product !== undefined && params.get('pass') === String(product.id);
  useEffect(() => {
    if (!reopen) return;
    setParams((p) => (p.delete('pass'), p), { replace: true });
    if (isSignedIn()) setOpened('buy');
  }, [reopen, setParams]);
  const dialog = product && opened && (
    <Suspense>
      <BuyDialog
        open
        items={video && opened === 'buy' ? [video] : []}
        order={{ kind: 'pass', passId: product.id, title: product.title, total: product.price, hours: product.hours }}
        gift={opened === 'gift'}
        returnTo={`${location.pathname}?pass=${product.id}`}
        onClose={() => setOpened(null)}
        onBought={(done) => navigate('/purchase/done', { state: { ...done, browse: passBrowsePath(product) } })}
      />
    </Suspense>
  );
  return { dialog, open: setOpened };
}

/** A pass on the Passes page: what it covers, how long, the price, how many videos; Buy, or give it. */
export function PassCard({ product }: { product: PassProduct }) {
  const t = useT();
  const { dialog, open } = usePassDialog(product);
  return (
    <li className="pass-card" data-testid="pass-product">
      <h2 className="pass-card-title">{product.title}</h2>
      <p className="pass-card-facts">
        <span>{passScopeName(t, product.scope)}</span> · <span>{passLength(t, product.hours)}</span>
      </p>
      <p className="pass-card-price">{formatKsh(product.price)}</p>
      <p className="pass-card-count">{t('cart.pass.watch_count', { count: product.video_count })}</p>
      <div className="buy-actions">
        <button type="button" className="btn btn-contained btn-large" onClick={() => open('buy')} {...preload}>
          {t('cart.pass.buy', { amount: formatKsh(product.price) })}
        </button>
        <button type="button" className="btn btn-text btn-large" onClick={() => open('gift')} {...preload}>
          {t('cart.gift.give')}
        </button>
      </div>
      {dialog}
    </li>
  );
}

/**
 * On a video's page, for a customer it is not included for: "Watch this and 40 more with DJ Afro's
 * day pass · Ksh 20", one tap to the same dialog. The passes the server says cover the video
 * (GET /api/passes/?video_id=), the narrowest first.
 */
export function VideoPassOffer({ video }: { video: Video & { passes?: PassProduct[] } }) {
  const t = useT();
  const covering = usePassesCovering(video.vidId, !video.passes);
  const product = bestPassFor({ ...video, passes: video.passes ?? covering.data ?? [] }, undefined);
  const item = { video_id: video.vidId, video_name: video.title, season: video.season, image_url: video.image, price: 0 };
  const { dialog, open } = usePassDialog(product, item);
  if (!product) return null;
  return (
    <div className="pass-offer">
      <button type="button" className="pass-offer-button" onClick={() => open('buy')} {...preload}>
        {/* "and 0 more" says nothing: a pass of this one video so far is offered for it alone. */}
        {product.video_count > 1 ? t('cart.pass.watch_this', { count: product.video_count - 1, title: product.title, amount: formatKsh(product.price) }) : t('cart.pass.watch_with', { title: product.title, amount: formatKsh(product.price) })}
      </button>
      {dialog}
    </div>
  );
}

/** On a DJ's page: the DJ's pass, if one is on sale. */
export function DjPassOffer({ dj }: { dj: string }) {
  const t = useT();
  const products = usePassProducts();
  const product = (products.data ?? []).filter((p) => p.active && p.scope.kind === 'dj' && p.scope.name?.trim().toLowerCase() === dj.trim().toLowerCase()).sort((a, b) => a.price - b.price)[0];
  const { dialog, open } = usePassDialog(product);
  if (!product) return null;
  return (
    <div className="pass-offer">
      <button type="button" className="pass-offer-button" onClick={() => open('buy')} {...preload}>
        {t('cart.pass.dj_offer', { count: product.video_count, dj: passScopeName(t, product.scope), length: passLength(t, product.hours), title: product.title, amount: formatKsh(product.price) })}
      </button>
      {dialog}
    </div>
  );
}
