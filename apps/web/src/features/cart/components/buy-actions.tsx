import { useQuery } from '@tanstack/react-query';
import { Suspense, use, useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { DEFAULT_RENTAL_HOURS, type PassProduct, type Video } from '@store/contract';
import { ownedVideoQuery } from '../../../lib/owned-video.ts';
import { isSignedIn, ownedVideoIds, useSession } from '../../../lib/session.ts';
import { useOnline } from '../../../pwa/use-online.ts';
import { useAddToCart } from '../api/order-calls.ts';
import { useCart } from '../../../api/get-cart.ts';
import { i18n, useT } from '../../../lib/i18n.ts';
import { loadCartMessages } from '../messages.ts';
import { lazyThemed } from '../../../components/lazy-themed.tsx';
import { RentalTimeLeft } from '../../../components/rental-time-left.tsx';
import { formatKsh } from '../../../lib/format.ts';
import { BundleOffers } from './bundle-offers.tsx';
import { VideoPassOffer } from './pass-offer.tsx';
import { PassTimeLeft } from '../../../components/pass-time-left.tsx';
import type { Order } from './buy-dialog.tsx';
import { useAskForPin } from '../../../components/family-lock-note.tsx';
import { lockedOut, useFamilyLock } from '../../../lib/family-lock.ts';
import './offers.css';

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
/** What the dialog is open for: buying, renting, or giving this video. */
type Opened = 'buy' | 'rent' | 'gift' | null;
// `?buy=1`, `?rent=1`, `?gift=1`: back from logging in, the same dialog opens again.
const REOPEN = ['buy', 'rent', 'gift'] as const;

/**
 * Watch now (or a pass's Play): the player's page. A 16 or 18 video under the family lock, on a phone
 * not unlocked, asks for the PIN here (issue 32 item 11) and plays after the right one: a plain link
 * led to /watch/{id}, which shows this same page again while the lock holds the media back.
 */
function WatchNow({ video, label, play = false }: { video: Video; label: string; play?: boolean }) {
  const navigate = useNavigate();
  useFamilyLock();
  const to = `/watch/${video.vidId}${play ? '?play=1' : ''}`;
  // The PIN was the tap's last step: the video starts, as Play would.
  const pin = useAskForPin(video.rating, () => void navigate(`/watch/${video.vidId}?play=1`));
  // The dialog stays where it is when the PIN unlocks the phone (the button becomes the link): it
  // finishes its answer there and goes on to the player.
  return (
    <>
      {lockedOut(video.rating) ? (
        <button type="button" className="btn btn-contained btn-large" onClick={pin.ask}>
          {label}
        </button>
      ) : (
        <Link className="btn btn-contained btn-large" to={to}>
          {label}
        </Link>
      )}
      {pin.dialog}
    </>
  );
}

export function BuyActions({ video }: { video: Video }) {
  useCartWords();
  const t = useT();
  const navigate = useNavigate();
  const { signedIn } = useSession();
  const [params, setParams] = useSearchParams();
  const access = useQuery({ ...ownedVideoQuery(video.vidId), enabled: signedIn });
  const cart = useCart();
  const add = useAddToCart();
  const [opened, setOpened] = useState<Opened>(null);
  const inCart = cart.data?.results.some((i) => i.video_id === video.vidId) ?? false;
  const online = useOnline();
  // With no network the store cannot be asked (issue 32 item 10): what this phone knows it owns is
  // owned; anything else waits for a connection, and says so.
  const ownedHere = !online && access.isPending && ownedVideoIds().includes(video.vidId);
  const owned = access.data?.owned === true || ownedHere;
  const deciding = signedIn && access.isPending && !ownedHere;
  // The customer's own figures (CONTRACT §11): a live rental, and the price less a recent rental's rent.
  const rental = access.data?.rental ?? null;
  const price = access.data?.price_for_you ?? video.price;
  const rentPrice = video.rent_price ?? null;
  const hours = video.rental_hours ?? DEFAULT_RENTAL_HOURS;

  useEffect(() => {
    const reopen = REOPEN.find((k) => params.get(k) === '1');
    if (!reopen || deciding) return;
    setParams((p) => (REOPEN.forEach((k) => p.delete(k)), p), { replace: true });
    if (!isSignedIn() || !video.for_sale) return;
    if (reopen === 'gift' || (!owned && (reopen === 'buy' || (reopen === 'rent' && rentPrice !== null && !rental)))) setOpened(reopen);
  }, [params, setParams, deciding, owned, rental, rentPrice, video.for_sale]);

  const item = { video_id: video.vidId, video_name: video.title, image_url: video.image, price: video.price, purchase_times: video.purchase_times, season: video.season, dj: video.dj, rating: video.rating };
  const dialog = opened && (
    <Suspense>
      <BuyDialog
        open
        items={[{ ...item, price: opened === 'rent' ? rentPrice! : opened === 'buy' ? price : video.price }]}
        order={opened === 'rent' ? ({ kind: 'rental', hours } satisfies Order) : undefined}
        gift={opened === 'gift'}
        returnTo={`/video/${video.vidId}?${opened}=1`}
        onClose={() => setOpened(null)}
        onBought={(done) => navigate('/purchase/done', { state: done })}
      />
    </Suspense>
  );
  const giftButton = video.for_sale && (
    <button type="button" className="btn btn-text btn-large" onClick={() => setOpened('gift')} onPointerEnter={loadBuyDialog} onFocus={loadBuyDialog} disabled={deciding}>
      {t('cart.gift.give')}
    </button>
  );
  const bundles = video.bundles && video.bundles.length > 0 && <BundleOffers bundles={video.bundles} />;
  // A live pass that covers this video (CONTRACT §14): it plays, with no Buy or Rent beside it.
  const pass = access.data?.pass && Date.parse(access.data.pass.ends_at) > Date.now() ? access.data.pass : null;

  if (pass && !owned && video.for_sale) {
    return (
      <>
        <div className="buy-actions">
          <span className="chip chip-medium chip-success">
            <span>{t('cart.pass.included')}</span>
          </span>
          <WatchNow video={video} label={t('cart.pass.play')} play />
        </div>
        <p className="rental-left">
          <PassTimeLeft endsAt={pass.ends_at} />
        </p>
      </>
    );
  }
  if (owned) {
    return (
      <>
        <div className="buy-actions">
          <span className="chip chip-medium chip-success">
            <span>{t('cart.owned')}</span>
          </span>
          <WatchNow video={video} label={t('cart.watch_now')} />
          {giftButton}
          {dialog}
        </div>
        {bundles}
      </>
    );
  }
  if (rental && video.for_sale) {
    // Rented: watch it while the rental lasts, and own it for the price less the rent (Rent, then own).
    return (
      <>
        <div className="buy-actions">
          <span className="chip chip-medium chip-success">
            <span>
              {t('cart.rent.rented')} · <RentalTimeLeft rental={rental} className="" />
            </span>
          </span>
          <WatchNow video={video} label={t('cart.watch_now')} />
          <button type="button" className="btn btn-outlined btn-large" onClick={() => setOpened('buy')} onPointerEnter={loadBuyDialog} onFocus={loadBuyDialog}>
            {t('cart.rent.own_it', { amount: formatKsh(price) })}
          </button>
          {dialog}
        </div>
        {bundles}
      </>
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
  return (
    <>
      {deciding && !online && (
        <p className="offer-note" role="status">
          {t('cart.offline_buy')}
        </p>
      )}
      {price < video.price && <p className="offer-note">{t('cart.rent.credit', { credit: formatKsh(video.price - price), amount: formatKsh(price) })}</p>}
      <div className="buy-actions">
        <button type="button" className="btn btn-contained btn-large" onClick={() => setOpened('buy')} onPointerEnter={loadBuyDialog} onTouchStart={loadBuyDialog} onFocus={loadBuyDialog} disabled={deciding}>
          {t('cart.buy')}
        </button>
        {rentPrice !== null && (
          <button type="button" className="btn btn-outlined btn-large" onClick={() => setOpened('rent')} onPointerEnter={loadBuyDialog} onTouchStart={loadBuyDialog} onFocus={loadBuyDialog} disabled={deciding}>
            {t('cart.rent.button', { hours, amount: formatKsh(rentPrice) })}
          </button>
        )}
        {/* The rent clock said before paying, not after (issue 32 item 2). */}
        {rentPrice !== null && <p className="offer-note rent-clock">{t('cart.rent.clock', { hours })}</p>}
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
        {giftButton}
        {dialog}
      </div>
      {!deciding && <VideoPassOffer video={{ ...video, ...(access.data ? { passes: (access.data as typeof access.data & { passes?: PassProduct[] }).passes } : {}) }} />}
      {bundles}
    </>
  );
}
