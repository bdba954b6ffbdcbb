import './components/base.css';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProviders, createQueryClient } from './app/providers.tsx';
import { AppRoutes, preloadWatchPage } from './app/router.tsx';
import { dropAnswersOnLockChange } from './api/family-lock-cache.ts';
import { loadCatalogMessages } from './features/catalog/messages.ts';
import { loadCommonMessages } from './lib/i18n.ts';

// Rendered as a transition, React yields to the browser every few milliseconds instead of holding
// a slow phone's main thread for the whole first render; the server's shell is on screen meanwhile.
// The words of the shell and the home page come first, in the chosen language (a few kilobytes).
const root = createRoot(document.getElementById('root')!);
const queryClient = createQueryClient();
dropAnswersOnLockChange(queryClient);
preloadWatchPage(queryClient, location.pathname);
void Promise.all([loadCommonMessages(), loadCatalogMessages()]).then(() => startTransition(() => {
  root.render(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </AppProviders>
    </StrictMode>,
  );
}));
