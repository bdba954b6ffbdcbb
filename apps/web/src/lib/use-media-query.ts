import { useSyncExternalStore } from 'react';

/**
 * Whether a CSS media query matches, kept current. Our own few lines instead of MUI's hook, so that
 * the home page's first bundle needs nothing from MUI (decision 0028).
 */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
  );
}
