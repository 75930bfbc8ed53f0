/** The viewport's size class (narrow, medium, wide), live as the window is resized. */
import { useSyncExternalStore } from 'react';
import { NARROW_MEDIA_QUERY, viewportSize, WIDE_MEDIA_QUERY, type ViewportSize } from './layout';

function subscribe(onChange: () => void): () => void {
  const queries = [window.matchMedia(NARROW_MEDIA_QUERY), window.matchMedia(WIDE_MEDIA_QUERY)];
  for (const query of queries) query.addEventListener('change', onChange);
  return () => {
    for (const query of queries) query.removeEventListener('change', onChange);
  };
}

const current = (): ViewportSize =>
  viewportSize(window.matchMedia(NARROW_MEDIA_QUERY).matches, window.matchMedia(WIDE_MEDIA_QUERY).matches);

// Without a window (a future prerender) assume a desktop screen.
const server = (): ViewportSize => 'wide';

export function useViewportSize(): ViewportSize {
  return useSyncExternalStore(subscribe, current, server);
}
