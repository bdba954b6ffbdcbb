import { useEffect, useState } from 'react';
import { useT } from '../lib/i18n.ts';
import { loadPwaMessages } from './messages.ts';
import { useOnline } from './use-online.ts';

// Plain elements with classes (components/base.css): loading MUI for these after every page load
// put its theme and styles on the main thread while the page was still settling (decision 0028).

/** A small bar while the browser has no network: pages already seen still open (the service worker). */
export function OfflineNotice() {
  const t = useT();
  const online = useOnline();
  return (
    <div role="status" className="pwa-live">
      {!online && <div className="pwa-offline">{t('pwa.offline')}</div>}
    </div>
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
    <div role="alert" className="pwa-update">
      <div className="pwa-update-text">{t('pwa.update_ready')}</div>
      <button type="button" className="btn btn-text btn-small btn-inherit" onClick={() => setReload(null)}>
        {t('pwa.not_now')}
      </button>
      <button type="button" className="btn btn-contained btn-small btn-secondary" onClick={() => void reload()}>
        {t('pwa.reload')}
      </button>
    </div>
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
    <div className="pwa-status">
      <UpdatePrompt register={registerInBrowser} />
      <OfflineNotice />
    </div>
  );
}

/** The component with its words loaded, for React.lazy. */
export const load = () => loadPwaMessages().then(() => ({ default: PwaStatus }));
