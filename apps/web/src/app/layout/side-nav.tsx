import { NavLink } from 'react-router';
import { useT } from '../../lib/i18n.ts';
import { NAV_ENTRIES } from './nav-entries.ts';
import './shell.css';

/** The side navigation's links (classes in shell.css); `onNavigate` lets the phone drawer close when one is chosen. */
export function SideNav({ onNavigate }: { onNavigate?: () => void }) {
  const t = useT();
  return (
    <nav aria-label={t('nav.main')} className="side-nav">
      <ul>
        {NAV_ENTRIES.map((e) => (
          <li key={e.to}>
            <NavLink to={e.to} end={e.to === '/'} onClick={onNavigate}>
              {t(e.label)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
