import { Suspense, useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { Bundle, VideoBundle } from '@store/contract';
import { lazyThemed } from '../../../components/lazy-themed.tsx';
import { formatKsh } from '../../../lib/format.ts';
import { useT } from '../../../lib/i18n.ts';
import { useSession } from '../../../lib/session.ts';
import { useBundle } from '../api/get-bundle.ts';
import { bundleTitle, seasonName } from '../../../components/catalog-words.ts';

const loadBuyDialog = () => import('./buy-dialog.tsx');
const BuyDialog = lazyThemed(() => loadBuyDialog().then((m) => m.BuyDialog));

/** The dialog's rows for the part of a bundle the customer does not own yet. */
const unownedItems = (bundle: Bundle) => {
  const owned = new Set(bundle.owned_video_ids ?? []);
  return bundle.videos.filter((v) => !owned.has(v.id)).map((v) => ({ video_id: v.id, video_name: v.title, season: v.season, image_url: v.image, price: v.price }));
};

/**
 * One bundle offer ("All seasons · Ksh 400 · save Ksh 100", CONTRACT §11): its parts, those the
 * customer owns marked, and buying only the rest at `price_for_you`, or giving the whole set.
 */
function BundleOffer({ id }: { id: number }) {
  const t = useT();
  const navigate = useNavigate();
  const { signedIn } = useSession();
  const q = useBundle(id, signedIn);
  const [opened, setOpened] = useState<'buy' | 'gift' | null>(null);
  const bundle = q.data;
  // `?bundle={id}`: back from the sign-in link a visitor was mailed, the purchase opens again.
  const [params, setParams] = useSearchParams();
  const reopen = params.get('bundle') === String(id) && signedIn && bundle !== undefined;
  useEffect(() => {
    if (!reopen) return;
    setParams((p) => (p.delete('bundle'), p), { replace: true });
    setOpened('buy');
  }, [reopen, setParams]);
  if (!bundle) return null;
  const owned = new Set(bundle.owned_video_ids ?? []);
  const ownsAll = bundle.videos.every((v) => owned.has(v.id));
  const forYou = bundle.price_for_you ?? bundle.price;
  // A series' seasons by their season; a mix of titles (a staff bundle) by title and season.
  const oneTitle = bundle.videos.every((v) => v.title === bundle.videos[0]?.title);
  const name = (v: Bundle['videos'][number]) => (v.season ? (oneTitle ? seasonName(t, v.season)! : `${v.title} · ${seasonName(t, v.season)}`) : v.title);
  const items = opened === 'gift' ? bundle.videos.map((v) => ({ video_id: v.id, video_name: v.title, season: v.season, image_url: v.image, price: v.price })) : unownedItems(bundle);
  return (
    <section className="offer" aria-labelledby={`bundle-${id}`}>
      <h2 className="offer-title" id={`bundle-${id}`}>
        {bundleTitle(t, bundle)} · {formatKsh(bundle.price)}
        {bundle.list_total > bundle.price && <span className="offer-save"> · {t('cart.bundle.save', { amount: formatKsh(bundle.list_total - bundle.price) })}</span>}
      </h2>
      <ul className="offer-parts">
        {bundle.videos.map((v) => (
          <li key={v.id}>
            <Link to={`/video/${v.id}`}>{name(v)}</Link>
            {owned.has(v.id) ? <span className="offer-owned"> · {t('cart.bundle.owned')}</span> : <span className="offer-price"> · {formatKsh(v.price)}</span>}
          </li>
        ))}
      </ul>
      <div className="buy-actions offer-actions">
        {ownsAll ? (
          <span className="chip chip-medium chip-success">
            <span>{t('cart.bundle.own_all')}</span>
          </span>
        ) : (
          <button type="button" className="btn btn-contained btn-large" onClick={() => setOpened('buy')} onPointerEnter={loadBuyDialog} onFocus={loadBuyDialog}>
            {owned.size > 0 ? t('cart.bundle.buy_rest', { amount: formatKsh(forYou) }) : t('cart.bundle.buy_all', { amount: formatKsh(forYou) })}
          </button>
        )}
        <button type="button" className="btn btn-text btn-large" onClick={() => setOpened('gift')} onPointerEnter={loadBuyDialog} onFocus={loadBuyDialog}>
          {t('cart.gift.give')}
        </button>
      </div>
      {opened && (
        <Suspense>
          <BuyDialog
            open
            items={items}
            order={{ kind: 'bundle', bundleId: bundle.id, title: bundleTitle(t, bundle), total: opened === 'gift' ? bundle.price : forYou }}
            gift={opened === 'gift'}
            returnTo={`${location.pathname}?bundle=${bundle.id}`}
            onClose={() => setOpened(null)}
            onBought={(done) => navigate('/purchase/done', { state: done })}
          />
        </Suspense>
      )}
    </section>
  );
}

/** The bundles a video is part of, each with what it costs this customer. */
export function BundleOffers({ bundles }: { bundles: VideoBundle[] }) {
  return (
    <>
      {bundles.map((b) => (
        <BundleOffer key={b.id} id={b.id} />
      ))}
    </>
  );
}
