import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useEffect, useState } from 'react';
import { useT } from '../lib/i18n.ts';
import { loadPwaMessages } from './messages.ts';
import { useOnline } from './use-online.ts';

/** A small bar while the browser has no network: pages already seen still open (the service worker). */
export function OfflineNotice() {
  const t = useT();
  const online = useOnline();
  return (
    <Box role="status" sx={{ pointerEvents: 'auto' }}>
      {!online && (
        <Box sx={{ bgcolor: 'secondary.main', color: '#000', fontSize: 14, fontWeight: 600, textAlign: 'center', px: 2, py: 0.75 }}>{t('pwa.offline')}</Box>
      )}
    </Box>
  );
}

/** Offers the new version once its service worker is installed; nothing reloads without the customer's say. */
export function UpdatePrompt({ register }: { register: (onNeedRefresh: () => void) => () => Promise<void> }) {
  const t = useT();
  const [reload, setReload] = useState<(() => Promise<void>) | null>(null);
  useEffect(() => {
    const update = register(() => setReload(() => update));
  }, [register]);
  if (!reload) return null;
  return (
    <Box role="alert" sx={{ pointerEvents: 'auto', m: 1, mx: 'auto', maxWidth: 480, display: 'flex', alignItems: 'center', gap: 1, px: 2, py: 1, borderRadius: 1, boxShadow: 6, bgcolor: 'background.paper', color: 'text.primary' }}>
      <Box sx={{ flex: 1 }}>{t('pwa.update_ready')}</Box>
      <Button size="small" onClick={() => setReload(null)} color="inherit">
        {t('pwa.not_now')}
      </Button>
      <Button size="small" variant="contained" color="secondary" onClick={() => void reload()}>
        {t('pwa.reload')}
      </Button>
    </Box>
  );
}

let registered = false;
let whenNewVersion = () => {};
let update: () => Promise<void> = async () => location.reload();

/** Registers the service worker once per page (StrictMode mounts twice), where the browser has them (not jsdom). */
function registerInBrowser(onNeedRefresh: () => void) {
  whenNewVersion = onNeedRefresh;
  if (!registered && 'serviceWorker' in navigator) {
    registered = true;
    void import('./register.ts').then((m) => (update = m.registerServiceWorker(() => whenNewVersion())));
  }
  return () => update();
}

/** Both, at the bottom of the screen, above the page. */
function PwaStatus() {
  return (
    <Box sx={{ position: 'fixed', left: 0, right: 0, bottom: 0, zIndex: 'snackbar', pointerEvents: 'none' }}>
      <UpdatePrompt register={registerInBrowser} />
      <OfflineNotice />
    </Box>
  );
}

/** The component with its words loaded, for React.lazy. */
export const load = () => loadPwaMessages().then(() => ({ default: PwaStatus }));
