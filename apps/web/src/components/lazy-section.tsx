import { startTransition, useEffect, useRef, useState, type ReactNode } from 'react';

const whenIdle = (fn: () => void) => {
  if ('requestIdleCallback' in window) {
    const id = window.requestIdleCallback(fn, { timeout: 2000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = setTimeout(fn, 200);
  return () => clearTimeout(id);
};

/**
 * Renders its children only once they come near the screen, and never before the page's first
 * screen is done: sections further down cost a customer no data until they scroll to them, and no
 * main-thread time while the page is loading. Keeps its height meanwhile (no layout shift).
 */
export function LazySection({ minHeight, children }: { minHeight: number; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState(typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    if (visible || !ref.current) return;
    const el = ref.current;
    let observer: IntersectionObserver | undefined;
    const cancelIdle = whenIdle(() => {
      observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && startTransition(() => setVisible(true)), { rootMargin: '300px 0px' });
      observer.observe(el);
    });
    return () => {
      cancelIdle();
      observer?.disconnect();
    };
  }, [visible]);
  return (
    <div ref={ref} style={{ minHeight: visible ? undefined : minHeight }}>
      {visible ? children : null}
    </div>
  );
}
