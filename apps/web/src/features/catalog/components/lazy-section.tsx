import Box from '@mui/material/Box';
import { useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * Renders its children only once they come near the screen, so sections far down the home page
 * cost a customer no data until they scroll to them. Keeps its height meanwhile (no layout shift).
 */
export function LazySection({ minHeight, children }: { minHeight: number; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState(typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    if (visible || !ref.current) return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setVisible(true), { rootMargin: '400px 0px' });
    observer.observe(ref.current);
    return () => observer.disconnect();
  }, [visible]);
  return (
    <Box ref={ref} sx={{ minHeight: visible ? undefined : minHeight }}>
      {visible ? children : null}
    </Box>
  );
}
