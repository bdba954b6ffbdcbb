import { lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { AppLayout } from './layout/app-layout.tsx';
import { HomeScreen } from '../features/catalog/routes/home.tsx';

// The home page ships with the first bundle; every other screen loads when first opened.
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
const SearchScreen = lazy(() => import('../features/search/routes/search.tsx'));
const VideoScreen = lazy(() => import('./routes/video.tsx'));
const WatchScreen = lazy(() => import('./routes/watch.tsx'));
const ContactScreen = lazy(() => import('../features/content/routes/contact.tsx'));
const AboutScreen = lazy(() => import('../features/content/routes/about.tsx'));
const NotificationsScreen = lazy(() => import('../features/content/routes/notifications.tsx'));
const NotFoundScreen = lazy(() => import('../features/not-found/not-found.tsx'));
const AuthenticateScreen = lazy(() => import('../features/auth/routes/authenticate.tsx'));
const PasswordResetScreen = lazy(() => import('../features/auth/routes/password-reset.tsx'));
const AccountScreen = lazy(() => import('../features/account/routes/account.tsx'));
const ProfileScreen = lazy(() => import('../features/account/routes/profile.tsx'));
const DepositScreen = lazy(() => import('../features/deposit/routes/deposit.tsx'));
const CartScreen = lazy(() => import('../features/cart/routes/cart.tsx'));
const PurchaseDoneScreen = lazy(() => import('../features/cart/routes/purchase-done.tsx'));

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
