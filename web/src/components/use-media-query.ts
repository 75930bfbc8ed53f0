/** Whether a CSS media query matches, kept current as the window changes (spec 1 §2.2 breakpoints). */
import { useCallback, useSyncExternalStore } from 'react';

/** Narrow screens are under 600 px (spec 1 §2.2). */
export const NARROW_SCREEN = '(max-width: 599.98px)';

export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => window.matchMedia(query).matches, () => false);
}
