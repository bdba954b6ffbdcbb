import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { useT } from '../lib/i18n.ts';
import { isCurrentEntry } from '../lib/navigation.ts';
import './nav-list.css';

/** One entry of the store's navigation (lib/navigation.ts): `label` is a message id; `staff` entries open the back office in a new tab. */
export interface NavListEntry {
  readonly to: string;
  readonly label: string;
  readonly staff?: true;
}

/**
 * The links of the store's one navigation, the same markup and look wherever they show: the side menu
 * and the account page's menu (issue 32 item 26). The current page's entry is marked. `after` adds what
 * follows an entry's link inside its item (the side menu's account entries under "Account").
 */
export function NavList({ entries, onNavigate, label, className, after }: { entries: readonly NavListEntry[]; onNavigate?: () => void; label?: string; className?: string; after?: (entry: NavListEntry) => ReactNode }) {
  const t = useT();
  const { pathname, search } = useLocation();
  return (
    <ul className={className ? `nav-list ${className}` : 'nav-list'} aria-label={label}>
      {entries.map((e) => {
        const current = isCurrentEntry(e.to, pathname, search);
        return (
          <li key={e.to}>
            {e.staff ? (
              <a href={e.to} target="_blank" rel="noopener" onClick={onNavigate}>
                {t(e.label)}
              </a>
            ) : (
              <Link to={e.to} onClick={onNavigate} aria-current={current ? 'page' : undefined} className={current ? 'active' : undefined}>
                {t(e.label)}
              </Link>
            )}
            {after?.(e)}
          </li>
        );
      })}
    </ul>
  );
}
