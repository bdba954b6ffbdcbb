import { useMediaQuery } from '../../lib/use-media-query.ts';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { STORE_NAME } from '../../lib/store-info.ts';
import { AccountLink } from './account-link.tsx';
import { CartLink } from './cart-link.tsx';
import { DjTabs } from './dj-tabs.tsx';
import { Footer } from './footer.tsx';
import { LanguageSwitch } from './language-switch.tsx';
import { NewestStrip } from './newest-strip.tsx';
import { SIDEBAR_MIN_WIDTH, SidebarShown } from '../../lib/navigation.ts';
import { SearchBox } from './search-box.tsx';
import { SideNav } from './side-nav.tsx';
import { useScrolled } from './use-scrolled.ts';
import { useTopOnNavigate } from './use-top-on-navigate.ts';
import { ScreenSkeleton } from './screen-skeleton.tsx';
import { ScreenErrorBoundary } from './screen-error-boundary.tsx';
import { LazySection } from '../../components/lazy-section.tsx';
import { PwaMount } from '../../pwa/pwa-mount.tsx';
import { useT } from '../../lib/i18n.ts';
import { SignedInBell, SignedInWatchers } from './signed-in-only.tsx';
import './shell.css';

// The drawer's code loads the first time a phone opens the menu (the service worker keeps it, so it
// opens offline); each failed load gets a fresh lazy component, so the next tap tries again.
const loadMenuDrawer = () => lazy(() => import('./menu-drawer.tsx'));

const MenuIcon = () => (
  <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" fill="currentColor">
    <path d="M3 6h18v2H3zm0 5h18v2H3zm0 5h18v2H3z" />
  </svg>
);

/**
 * The layout of seed §2: sticky header (menu, title, search, account, DJ tabs); the side menu as a
 * drawer below 900 px and a toggleable sidebar, shown by default, from 900 px; the newest strip; the footer.
 */
export function AppLayout() {
  const t = useT();
  const wide = useMediaQuery(`(min-width:${SIDEBAR_MIN_WIDTH}px)`);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [drawerUsed, setDrawerUsed] = useState(false);
  const [drawerFailures, setDrawerFailures] = useState(0);
  // A new component after each failure, on purpose.
  const MenuDrawer = useMemo(loadMenuDrawer, [drawerFailures]);
  const [sidebarShown, setSidebarShown] = useState(true);
  // The check of videos saved on this phone loads after the first render: it shows nothing on it.
  useEffect(() => {
    let stop: (() => void) | undefined;
    let gone = false;
    void import('./saved-videos-review.ts').then(
      (m) => {
        if (!gone) stop = m.reviewSavedVideosWhenOnline();
      },
      () => undefined,
    );
    return () => {
      gone = true;
      stop?.();
    };
  }, []);
  useTopOnNavigate();
  const { pathname } = useLocation();
  const isHome = pathname === '/';
  const scrolled = useScrolled();
  const solid = !isHome || scrolled;

  const toggleMenu = () => {
    if (wide) return setSidebarShown((s) => !s);
    setDrawerUsed(true);
    setDrawerOpen((o) => !o);
  };
  const menuOpen = wide ? sidebarShown : drawerOpen;

  return (
    <div className={isHome ? 'app app-home' : 'app'}>
      <a href="#main" className="skip-link">
        {t('header.skip_to_content')}
      </a>
      {/* Plain elements with classes (shell.css): no styles serialized at run time on every page's first render. */}
      <header className="app-header" data-solid={solid}>
        <div className="app-toolbar">
          <button type="button" className="icon-btn" aria-label={menuOpen ? t('header.close_menu') : t('header.open_menu')} aria-expanded={menuOpen} aria-controls="side-menu" onClick={toggleMenu}>
            <MenuIcon />
          </button>
          <Link to="/" className="app-title">
            {STORE_NAME}
          </Link>
          <Link to="/" className="app-short-title" aria-label={`VSK, ${STORE_NAME}`}>
            VSK
          </Link>
          <SearchBox />
          <SignedInBell />
          <CartLink />
          <AccountLink />
        </div>
        <div className="app-tabs-row">
          <DjTabs />
          <LanguageSwitch />
        </div>
      </header>

      <div className="app-body">
        {wide ? (
          sidebarShown && (
            <aside id="side-menu" className="app-sidebar" data-testid="sidebar">
              <SideNav />
            </aside>
          )
        ) : (
          drawerUsed && (
            // A menu whose code cannot load closes instead of taking the whole app down with it.
            <ScreenErrorBoundary
              resetKey={String(drawerFailures)}
              fallback={null}
              onError={() => {
                setDrawerOpen(false);
                setDrawerUsed(false);
                setDrawerFailures((n) => n + 1);
              }}
            >
              <Suspense fallback={null}>
                <MenuDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)} />
              </Suspense>
            </ScreenErrorBoundary>
          )
        )}
        {/* At least a screen tall: while a screen loads, the footer stays below the fold instead of jumping. */}
        <main id="main" className="app-main" tabIndex={-1}>
          <SidebarShown.Provider value={wide && sidebarShown}>
            <ScreenErrorBoundary resetKey={pathname}>
              <Suspense fallback={<ScreenSkeleton />}>
                <Outlet />
              </Suspense>
            </ScreenErrorBoundary>
          </SidebarShown.Provider>
        </main>
      </div>
      <LazySection minHeight={40}>
        <NewestStrip />
      </LazySection>
      <Footer />
      <PwaMount />
      <SignedInWatchers />
    </div>
  );
}
