import { useEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/**
 * A new page opens at its top (issue 32): a link, a redirect or a search's next page starts there, not
 * where the last page was scrolled (the purchase's success page hid its heading; a receipt opened from
 * the account's list landed 305 px down). Back and Forward keep what the browser restores, a link to
 * an anchor is the browser's to scroll, and a query changed in place (typing a search) stays put.
 */
export function useTopOnNavigate() {
  const { pathname, search, hash } = useLocation();
  const type = useNavigationType();
  const lastPath = useRef(pathname);
  useEffect(() => {
    const newPage = pathname !== lastPath.current;
    lastPath.current = pathname;
    if (type === 'POP' || hash) return;
    if (type === 'REPLACE' && !newPage) return;
    // A block: Chromium's scrollTo answers a promise, and an effect must return a function or nothing.
    window.scrollTo(0, 0);
  }, [pathname, search, hash, type]);
}
