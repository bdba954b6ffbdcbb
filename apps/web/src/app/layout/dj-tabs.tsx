import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import { useDjs } from '../../features/catalog/api/get-djs.ts';
import { useT } from '../../lib/i18n.ts';
import './dj-tabs.css';

/**
 * Four DJ tabs: the first leads home, the others to their DJ page (seed §2). Plain links with classes
 * (dj-tabs.css). On a phone the row is wider than the screen: an arrow at the edge where more tabs lie
 * says so and scrolls there (issue 32 item 26: the fourth DJ was reachable only by a swipe nobody was
 * told of). The arrows are for fingers and eyes only; the links themselves are in the tab order.
 */
export function DjTabs() {
  const t = useT();
  const { data } = useDjs();
  const { pathname } = useLocation();
  const djs = (data?.results ?? []).slice(0, 4);
  const row = useRef<HTMLElement>(null);
  const box = useRef<HTMLDivElement>(null);
  // Whether more tabs lie past either edge: then that edge fades and shows its arrow.
  useEffect(() => {
    const el = row.current;
    const wrap = box.current;
    if (!el || !wrap) return;
    const mark = () => {
      wrap.dataset.more = String(el.scrollLeft + el.clientWidth < el.scrollWidth - 1);
      wrap.dataset.less = String(el.scrollLeft > 1);
    };
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
  // The current DJ's tab in sight (a phone on /dj/{the fourth}), once the browser has laid it out.
  useEffect(() => {
    const frame = requestAnimationFrame(() => {
      const el = row.current;
      const current = el?.querySelector<HTMLElement>('[aria-current="page"]');
      if (!el || !current) return;
      if (current.offsetLeft + current.offsetWidth > el.scrollLeft + el.clientWidth) el.scrollLeft = current.offsetLeft + current.offsetWidth - el.clientWidth + 32;
      else if (current.offsetLeft < el.scrollLeft) el.scrollLeft = Math.max(0, current.offsetLeft - 32);
    });
    return () => cancelAnimationFrame(frame);
  }, [pathname, djs.length]);
  const scroll = (direction: 1 | -1) => row.current?.scrollBy({ left: direction * row.current.clientWidth * 0.8, behavior: 'smooth' });
  return (
    <div ref={box} className="dj-tabs-box">
      <button type="button" className="dj-scroll dj-scroll-less" aria-hidden="true" tabIndex={-1} onClick={() => scroll(-1)}>
        ‹
      </button>
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
      <button type="button" className="dj-scroll dj-scroll-more" aria-hidden="true" tabIndex={-1} onClick={() => scroll(1)}>
        ›
      </button>
    </div>
  );
}
