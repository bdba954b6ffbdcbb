import { lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { AppLayout } from './layout/app-layout.tsx';
import { HomeScreen } from '../features/catalog/routes/home.tsx';
import { loadAccountMessages } from '../features/account/messages.ts';
import { loadAuthMessages } from '../features/auth/messages.ts';
import { loadCartMessages } from '../features/cart/messages.ts';
import { loadContentMessages } from '../features/content/messages.ts';
import { loadDepositMessages } from '../features/deposit/messages.ts';
import { loadNotFoundMessages } from '../features/not-found/messages.ts';
import { loadPlayerMessages } from '../features/player/messages.ts';
import { loadSearchMessages } from '../features/search/messages.ts';

// The home page ships with the first bundle; every other screen loads when first opened, together with
// the words of the features it shows, in the chosen language (the catalogue's come with the home page).
const withMessages = <T,>(code: Promise<T>, ...messages: Promise<void>[]) => Promise.all([code, ...messages]).then(([screen]) => screen);
const lists = () => import('../features/catalog/routes/lists.tsx');
const DjScreen = lazy(() => import('../features/catalog/routes/dj.tsx'));
const PopularScreen = lazy(() => import('../features/catalog/routes/popular.tsx'));
const GenreScreen = lazy(() => import('../features/catalog/routes/genre.tsx'));
const DeejaysScreen = lazy(() => import('../features/catalog/routes/deejays.tsx'));
const NewScreen = lazy(() => lists().then((m) => ({ default: m.NewScreen })));
const StoreCategoryScreen = lazy(() => lists().then((m) => ({ default: m.StoreCategoryScreen })));
const SuggestionsScreen = lazy(() => lists().then((m) => ({ default: m.SuggestionsScreen })));
const TrendScreen = lazy(() => lists().then((m) => ({ default: m.TrendScreen })));
const GuideScreen = lazy(() => lists().then((m) => ({ default: m.GuideScreen })));
const SearchScreen = lazy(() => withMessages(import('../features/search/routes/search.tsx'), loadSearchMessages()));
const VideoScreen = lazy(() => withMessages(import('./routes/video.tsx'), loadCartMessages()));
const WatchScreen = lazy(() => withMessages(import('./routes/watch.tsx'), loadPlayerMessages(), loadCartMessages()));
const ContactScreen = lazy(() => withMessages(import('../features/content/routes/contact.tsx'), loadContentMessages()));
const AboutScreen = lazy(() => withMessages(import('../features/content/routes/about.tsx'), loadContentMessages()));
const NotificationsScreen = lazy(() => withMessages(import('../features/content/routes/notifications.tsx'), loadContentMessages()));
const NotFoundScreen = lazy(() => withMessages(import('../features/not-found/not-found.tsx'), loadNotFoundMessages()));
const AuthenticateScreen = lazy(() => withMessages(import('../features/auth/routes/authenticate.tsx'), loadAuthMessages()));
const PasswordResetScreen = lazy(() => withMessages(import('../features/auth/routes/password-reset.tsx'), loadAuthMessages()));
const AccountScreen = lazy(() => withMessages(import('../features/account/routes/account.tsx'), loadAccountMessages()));
const ProfileScreen = lazy(() => withMessages(import('../features/account/routes/profile.tsx'), loadAccountMessages()));
const DepositScreen = lazy(() => withMessages(import('../features/deposit/routes/deposit.tsx'), loadDepositMessages()));
const CartScreen = lazy(() => withMessages(import('../features/cart/routes/cart.tsx'), loadCartMessages()));
const PurchaseDoneScreen = lazy(() => withMessages(import('../features/cart/routes/purchase-done.tsx'), loadCartMessages()));

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
        <Route path="/saved" element={<WatchScreen layout="saved" />} />
        <Route path="/contact" element={<ContactScreen />} />
        <Route path="/about" element={<AboutScreen />} />
        <Route path="/notifications" element={<NotificationsScreen />} />
        <Route path="/account/authenticate" element={<AuthenticateScreen />} />
        <Route path="/account/password_reset/:slug" element={<PasswordResetScreen />} />
        <Route path="/account" element={<AccountScreen />} />
        <Route path="/profile" element={<ProfileScreen />} />
        <Route path="/deposit" element={<DepositScreen />} />
        <Route path="/cart" element={<CartScreen />} />
        <Route path="/purchase/done" element={<PurchaseDoneScreen />} />
        {/* Dead links of the seed, settled in CONTRACT §7. */}
        <Route path="/account/dashboard" element={<Navigate to="/account" replace />} />
        <Route path="/account/cart" element={<Navigate to="/cart" replace />} />
        <Route path="*" element={<NotFoundScreen />} />
      </Route>
    </Routes>
  );
}
