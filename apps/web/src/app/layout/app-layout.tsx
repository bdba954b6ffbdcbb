import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { STORE_NAME } from '../../lib/store-info.ts';
import { AccountLink } from './account-link.tsx';
import { CartLink } from './cart-link.tsx';
import { DjTabs } from './dj-tabs.tsx';
import { Footer } from './footer.tsx';
import { LanguageSwitch } from './language-switch.tsx';
import { NewestStrip } from './newest-strip.tsx';
import { SIDEBAR_MIN_WIDTH, SIDEBAR_WIDTH } from './nav-entries.ts';
import { reviewSavedVideosWhenOnline } from './saved-videos-review.ts';
import { SearchBox } from './search-box.tsx';
import { SideNav } from './side-nav.tsx';
import { useScrolled } from './use-scrolled.ts';
import { ScreenSkeleton } from './screen-skeleton.tsx';
import { ScreenErrorBoundary } from './screen-error-boundary.tsx';
import { LazySection } from '../../components/lazy-section.tsx';
import { PwaMount } from '../../pwa/pwa-mount.tsx';
import { useT } from '../../lib/i18n.ts';

/** Toolbar plus DJ tabs: the content of the home page starts under this. */
export const HEADER_HEIGHT = 96;

// The drawer's code (modal, focus trap, transitions) loads the first time a phone opens the menu.
const MenuDrawer = lazy(() => import('./menu-drawer.tsx'));

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
  const wide = useMediaQuery(`(min-width:${SIDEBAR_MIN_WIDTH}px)`, { noSsr: true });
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [drawerUsed, setDrawerUsed] = useState(false);
  const [sidebarShown, setSidebarShown] = useState(true);
  useEffect(reviewSavedVideosWhenOnline, []);
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
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <a href="#main" className="skip-link">
        {t('header.skip_to_content')}
      </a>
      <Box
        component="header"
        data-solid={solid}
        sx={{
          position: 'sticky',
          top: 0,
          zIndex: 'appBar',
          color: 'text.primary',
          boxShadow: solid ? 4 : 0,
          bgcolor: solid ? 'background.paper' : 'transparent',
          backgroundImage: solid ? 'none' : 'linear-gradient(to bottom, rgba(0,0,0,.75), rgba(0,0,0,0))',
          transition: 'background-color .2s',
          height: HEADER_HEIGHT,
        }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', height: 56, px: { xs: 0.5, sm: 1.5 } }}>
          <IconButton color="inherit" aria-label={menuOpen ? t('header.close_menu') : t('header.open_menu')} aria-expanded={menuOpen} aria-controls="side-menu" onClick={toggleMenu}>
            <MenuIcon />
          </IconButton>
          <Typography
            component={Link}
            to="/"
            sx={{ color: 'inherit', textDecoration: 'none', fontWeight: 800, fontSize: { xs: 16, sm: 20 }, whiteSpace: 'nowrap', display: { xs: 'none', sm: 'block' } }}
          >
            {STORE_NAME}
          </Typography>
          <Typography component={Link} to="/" sx={{ color: 'inherit', textDecoration: 'none', fontWeight: 800, fontSize: 16, display: { xs: 'block', sm: 'none' } }} aria-label={`VSK, ${STORE_NAME}`}>
            VSK
          </Typography>
          <SearchBox />
          <CartLink />
          <AccountLink />
        </Box>
        <Box sx={{ display: 'flex', minHeight: 40 }}>
          <DjTabs />
          <LanguageSwitch />
        </Box>
      </Box>

      <Box sx={{ display: 'flex', flex: 1, minWidth: 0 }}>
        {wide ? (
          sidebarShown && (
            <Box
              id="side-menu"
              component="aside"
              data-testid="sidebar"
              sx={{ width: SIDEBAR_WIDTH, flexShrink: 0, position: 'sticky', top: HEADER_HEIGHT, alignSelf: 'flex-start', maxHeight: `calc(100vh - ${HEADER_HEIGHT}px)`, overflowY: 'auto', borderRight: 1, borderColor: 'divider', mt: isHome ? `${HEADER_HEIGHT}px` : 0 }}
            >
              <SideNav />
            </Box>
          )
        ) : (
          drawerUsed && (
            <Suspense fallback={null}>
              <MenuDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)} />
            </Suspense>
          )
        )}
        {/* At least a screen tall: while a screen loads, the footer stays below the fold instead of jumping. */}
        <Box component="main" id="main" tabIndex={-1} sx={{ flex: 1, minWidth: 0, minHeight: '100vh', mt: isHome ? `-${HEADER_HEIGHT}px` : 0, outline: 'none' }}>
          <ScreenErrorBoundary resetKey={pathname}>
            <Suspense fallback={<ScreenSkeleton />}>
              <Outlet />
            </Suspense>
          </ScreenErrorBoundary>
        </Box>
      </Box>
      <LazySection minHeight={40}>
        <NewestStrip />
      </LazySection>
      <Footer />
      <PwaMount />
    </Box>
  );
}
