import { useEffect, useRef } from 'react';
import { AppBar, TitlePortal, type AppBarProps } from 'react-admin';

/** react-admin's app bar with a page title that gives way to the language and account buttons. */
export const StoreAppBar = (props: AppBarProps) => (
  <AppBar {...props}>
    <ShrinkingTitle />
  </AppBar>
);

/**
 * The page's title ends in "…" when the bar has no room for all of it (a video's edit page, or a long
 * Kiswahili title, at 360 px), and then carries the whole title as its tooltip. react-admin wraps the
 * words in an inline-block, which the browser clips without the "…"; made inline, the heading's own
 * ellipsis applies to them.
 */
function ShrinkingTitle() {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    const title = ref.current;
    if (!title) return;
    const showWholeIfCut = () => {
      const words = title.textContent?.trim() ?? '';
      if (words && title.scrollWidth > title.clientWidth) title.title = words;
      else title.removeAttribute('title');
    };
    // Each page writes its title into this heading (a portal), and the bar's width follows the window.
    const pages = new MutationObserver(showWholeIfCut);
    pages.observe(title, { childList: true, subtree: true, characterData: true });
    const widths = new ResizeObserver(showWholeIfCut);
    widths.observe(title);
    return () => {
      pages.disconnect();
      widths.disconnect();
    };
  }, []);
  return <TitlePortal ref={ref} className="RaAppBar-title" sx={{ minWidth: 0, '& .RaConfigurable-root': { display: 'inline' } }} />;
}
