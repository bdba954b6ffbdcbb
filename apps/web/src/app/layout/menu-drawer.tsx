import { useEffect, useRef } from 'react';
import { useT } from '../../lib/i18n.ts';
import { STORE_NAME } from '../../lib/store-info.ts';
import { SideNav } from './side-nav.tsx';
import './menu-drawer.css';

/**
 * The phone's slide-in menu: closes when a link is chosen, a tap lands outside it or Escape is
 * pressed (seed §2). A native modal <dialog> keeps the focus inside and the page behind inert, so
 * it needs no MUI: its code is a few hundred bytes, which the service worker keeps with the shell
 * (decision 0035) so the menu opens with no network.
 */
export default function MenuDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT();
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const el = dialog.current;
    if (!el) return;
    if (open && !el.open) el.showModal();
    else if (!open && el.open) el.close();
  }, [open]);
  return (
    // A tap on the backdrop lands on the dialog itself; the panel inside fills it.
    <dialog ref={dialog} id="side-menu" className="menu-drawer" data-testid="drawer" aria-label={t('nav.main')} onClose={onClose} onClick={(e) => e.target === e.currentTarget && onClose()}>
      <div className="menu-drawer-panel">
        <p className="menu-drawer-title">{STORE_NAME}</p>
        <SideNav onNavigate={onClose} />
      </div>
    </dialog>
  );
}
