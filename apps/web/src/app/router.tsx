import type { QueryClient } from '@tanstack/react-query';
import { lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { AppLayout } from './layout/app-layout.tsx';
import { lazyThemed } from '../components/lazy-themed.tsx';
import { prefetchOwnedVideo } from '../lib/owned-video.ts';
import { isSignedIn } from '../lib/session.ts';
import HomeScreen from './routes/home.tsx';
import { loadAccountMessages } from '../features/account/messages.ts';
import { loadAuthMessages } from '../features/auth/messages.ts';
import { loadCartMessages } from '../features/cart/messages.ts';
import { loadContentMessages } from '../features/content/messages.ts';
import { loadDepositMessages } from '../features/deposit/messages.ts';
import { loadNotFoundMessages } from '../features/not-found/messages.ts';
import { loadNotifyMessages } from '../features/notifications/messages.ts';
import { loadPlayerMessages } from '../features/player/messages.ts';
import { loadReceiptMessages } from '../features/receipt/messages.ts';
import { loadSearchMessages } from '../features/search/messages.ts';

// The home page ships with the first bundle; every other screen loads when first opened, together with
// the words of the features it shows, in the chosen language (the catalogue's come with the home page),
// and, for the screens built with MUI components, with the theme (lazyThemed).
const withMessages = <T,>(code: Promise<T>, ...messages: Promise<void>[]) => Promise.all([code, ...messages]).then(([screen]) => screen);
const lists = () => import('../features/catalog/routes/lists.tsx');
// The DJ's page with Follow and the DJ's pass on offer (the cart's and the follow button's words come with it).
const DjScreen = lazyThemed(() => withMessages(import('./routes/dj.tsx'), loadCartMessages(), loadNotifyMessages()).then((m) => m.default));
const PopularScreen = lazyThemed(() => import('../features/catalog/routes/popular.tsx').then((m) => m.default));
const GenreScreen = lazyThemed(() => import('../features/catalog/routes/genre.tsx').then((m) => m.default));
const DeejaysScreen = lazyThemed(() => import('../features/catalog/routes/deejays.tsx').then((m) => m.default));
const NewScreen = lazyThemed(() => lists().then((m) => m.NewScreen));
const StoreCategoryScreen = lazyThemed(() => lists().then((m) => m.StoreCategoryScreen));
const SuggestionsScreen = lazyThemed(() => lists().then((m) => m.SuggestionsScreen));
const TrendScreen = lazyThemed(() => lists().then((m) => m.TrendScreen));
const GuideScreen = lazyThemed(() => lists().then((m) => m.GuideScreen));
const SearchScreen = lazyThemed(() => withMessages(import('../features/search/routes/search.tsx'), loadSearchMessages()).then((m) => m.default));
// A video's page is plain elements like the home page (its buy dialog brings the theme when it opens).
const VideoScreen = lazy(() => withMessages(import('./routes/video.tsx'), loadCartMessages(), loadNotifyMessages()));
// Plain elements: kept by the service worker with the shell, so the Saved list opens offline (decision 0035).
const SavedScreen = lazy(() => import('./routes/saved.tsx'));
const loadWatch = () => withMessages(import('./routes/watch.tsx'), loadPlayerMessages(), loadCartMessages());
const WatchScreen = lazyThemed(() => loadWatch().then((m) => m.default));
const ContactScreen = lazyThemed(() => withMessages(import('../features/content/routes/contact.tsx'), loadContentMessages()).then((m) => m.default));
const AboutScreen = lazyThemed(() => withMessages(import('../features/content/routes/about.tsx'), loadContentMessages()).then((m) => m.default));
const NotificationsScreen = lazyThemed(() => withMessages(import('./routes/notifications.tsx'), loadContentMessages(), loadNotifyMessages()).then((m) => m.default));
const NotFoundScreen = lazyThemed(() => withMessages(import('../features/not-found/not-found.tsx'), loadNotFoundMessages()).then((m) => m.default));
const AuthenticateScreen = lazyThemed(() => withMessages(import('../features/auth/routes/authenticate.tsx'), loadAuthMessages()).then((m) => m.default));
const SignInLinkScreen = lazyThemed(() => withMessages(import('../features/auth/routes/sign-in-link.tsx'), loadAuthMessages()).then((m) => m.default));
const PasswordResetScreen = lazyThemed(() => withMessages(import('../features/auth/routes/password-reset.tsx'), loadAuthMessages()).then((m) => m.default));
const AccountScreen = lazyThemed(() => withMessages(import('./routes/account.tsx'), loadAccountMessages(), loadNotifyMessages()).then((m) => m.default));
const ProfileScreen = lazyThemed(() => withMessages(import('../features/account/routes/profile.tsx'), loadAccountMessages()).then((m) => m.default));
const DepositScreen = lazyThemed(() => withMessages(import('../features/deposit/routes/deposit.tsx'), loadDepositMessages()).then((m) => m.default));
const CartScreen = lazyThemed(() => withMessages(import('../features/cart/routes/cart.tsx'), loadCartMessages()).then((m) => m.default));
const PurchaseDoneScreen = lazyThemed(() => withMessages(import('../features/cart/routes/purchase-done.tsx'), loadCartMessages()).then((m) => m.default));
const ReceiptScreen = lazyThemed(() => withMessages(import('../features/receipt/routes/receipt.tsx'), loadReceiptMessages()).then((m) => m.default));
const PassesScreen = lazyThemed(() => withMessages(import('../features/cart/routes/passes.tsx'), loadCartMessages()).then((m) => m.default));
const GiftClaimScreen = lazyThemed(() => withMessages(import('../features/cart/routes/gift-claim.tsx'), loadCartMessages()).then((m) => m.default));

/**
 * A watch page opened cold on a slow phone: its code and the video's details are asked for beside the
 * shell's words, not after them (issue 32 item 7: a round trip or two at 600 ms a request).
 */
export function preloadWatchPage(client: QueryClient, pathname: string) {
  const id = /^\/(?:watch|play)\/([^/]+)/.exec(pathname)?.[1];
  if (!id || !isSignedIn()) return;
  void Promise.all([loadWatch(), import('../components/themed.tsx')]).catch(() => undefined);
  // A mangled address (a stray %) is left to the screen's own answer: it must not stop the app starting.
  let decoded: string;
  try {
    decoded = decodeURIComponent(id);
  } catch {
    return;
  }
  void prefetchOwnedVideo(client, decoded);
}

/** Every storefront route of seed §2 (declarative routes: the data router's code is not needed). */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppLayout />}>
        <Route path="/" element={<HomeScreen />} />
        <Route path="/dj/:dj" element={<DjScreen />} />
        <Route path="/popular/:dj" element={<PopularScreen />} />
        <Route path="/genre" element={<GenreScreen />} />
        <Route path="/genre/:gen" element={<GenreScreen />} />
        <Route path="/deejays" element={<DeejaysScreen />} />
        <Route path="/new" element={<NewScreen />} />
        <Route path="/store/:category" element={<StoreCategoryScreen />} />
        <Route path="/suggestions" element={<SuggestionsScreen />} />
        <Route path="/trend" element={<TrendScreen />} />
        <Route path="/guide" element={<GuideScreen />} />
        <Route path="/search/:searchTerm" element={<SearchScreen />} />
        <Route path="/video/:id" element={<VideoScreen />} />
        <Route path="/watch/:id" element={<WatchScreen />} />
        <Route path="/play/:id" element={<WatchScreen layout="play" />} />
        <Route path="/saved" element={<SavedScreen />} />
        <Route path="/contact" element={<ContactScreen />} />
        <Route path="/about" element={<AboutScreen />} />
        <Route path="/notifications" element={<NotificationsScreen />} />
        <Route path="/account/authenticate" element={<AuthenticateScreen />} />
        <Route path="/account/password_reset/:slug" element={<PasswordResetScreen />} />
        <Route path="/account/sign-in/:token" element={<SignInLinkScreen />} />
        <Route path="/account" element={<AccountScreen />} />
        <Route path="/profile" element={<ProfileScreen />} />
        <Route path="/deposit" element={<DepositScreen />} />
        <Route path="/cart" element={<CartScreen />} />
        <Route path="/purchase/done" element={<PurchaseDoneScreen />} />
        <Route path="/receipt/:id" element={<ReceiptScreen />} />
        <Route path="/gift/:token" element={<GiftClaimScreen />} />
        <Route path="/passes" element={<PassesScreen />} />
        {/* Dead links of the seed, settled in CONTRACT §7. */}
        <Route path="/account/dashboard" element={<Navigate to="/account" replace />} />
        <Route path="/account/cart" element={<Navigate to="/cart" replace />} />
        <Route path="*" element={<NotFoundScreen />} />
      </Route>
    </Routes>
  );
}
