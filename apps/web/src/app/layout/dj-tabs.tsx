import { useEffect, useRef } from 'react';
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
  const row = useRef<HTMLElement>(null);
  // Whether more tabs lie past the right edge (a phone): then the row fades out there.
  useEffect(() => {
    const el = row.current;
    if (!el) return;
    const mark = () => (el.dataset.more = String(el.scrollLeft + el.clientWidth < el.scrollWidth - 1));
    // First measured when the browser lays the row out anyway (a ResizeObserver calls at once, then
    // on every resize). Read in the effect itself, the widths forced a layout of the whole page inside
    // React's work: 8 ms on a fast machine, 32 ms of a slow phone's first screen.
    const sized = new ResizeObserver(mark);
    sized.observe(el);
    el.addEventListener('scroll', mark, { passive: true });
    return () => {
      sized.disconnect();
      el.removeEventListener('scroll', mark);
    };
  }, [djs.length]);
  return (
    <nav ref={row} aria-label={t('nav.djs')} className="dj-tabs">
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
