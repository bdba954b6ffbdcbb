import { NavList } from '../../components/nav-list.tsx';
import { useT } from '../../lib/i18n.ts';
import { accountEntriesFor, NAV_ENTRIES } from '../../lib/navigation.ts';
import { useSession } from '../../lib/session.ts';
import './shell.css';

/**
 * The store's one navigation (lib/navigation.ts), in the sidebar and the phone's drawer: the seed's
 * entries and, once signed in, the account's under "Account" (those the menu already has, Cart and
 * Deposit, only once), the same words and order as the account page's menu. `onNavigate` lets the
 * phone drawer close when one is chosen.
 */
export function SideNav({ onNavigate }: { onNavigate?: () => void }) {
  const t = useT();
  const { signedIn, staff } = useSession();
  const account = accountEntriesFor(staff).filter((e) => !e.inMain);
  return (
    <nav aria-label={t('nav.main')} className="side-nav">
      <NavList
        entries={NAV_ENTRIES}
        onNavigate={onNavigate}
        after={(e) => signedIn && e.to === '/account' && <NavList entries={account} onNavigate={onNavigate} label={t('nav.account')} className="nav-sublist" />}
      />
    </nav>
  );
}
