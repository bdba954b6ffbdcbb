import { Link, useLocation } from 'react-router';
import { useDjs } from '../../features/catalog/api/get-djs.ts';
import { useT } from '../../lib/i18n.ts';
import './dj-tabs.css';

/** Four DJ tabs: the first leads home, the others to their DJ page (seed §2). Plain links with classes (dj-tabs.css). */
export function DjTabs() {
  const t = useT();
  const { data } = useDjs();
  const { pathname } = useLocation();
  const djs = (data?.results ?? []).slice(0, 4);
  return (
    <nav aria-label={t('nav.djs')} className="dj-tabs">
      {djs.map((d, i) => {
        const href = i === 0 ? '/' : `/dj/${encodeURIComponent(d.dj_name)}`;
        return (
          <Link key={d.id} className="dj-tab" to={href} aria-current={pathname === href ? 'page' : undefined}>
            DJ {d.dj_name}
          </Link>
        );
      })}
    </nav>
  );
}
