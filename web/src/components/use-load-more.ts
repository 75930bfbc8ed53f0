/**
 * Infinite scroll: the ref goes on a marker as tall as the load distance (LOAD_MORE_DISTANCE_PX), laid
 * over the end of the list (see `loadMoreMarker` in ListPage). Whenever any of it is on screen, that is,
 * the end is within the distance, the next page is asked for; and again after each page while the end
 * is still in view, so a first page shorter than the screen does not stall the list. Works whether the
 * list or the window scrolls.
 */
import { useCallback, useEffect, useRef, useState } from 'react';

export function useLoadMore({ canLoad, load }: { readonly canLoad: boolean; readonly load: () => void }) {
  const [marker, setMarker] = useState<HTMLElement | null>(null);
  const [inView, setInView] = useState(false);
  // The latest `load`, so that a new function on each render does not ask for the page again.
  const loadRef = useRef(load);
  useEffect(() => {
    loadRef.current = load;
  });

  useEffect(() => {
    if (marker === null) return undefined;
    const observer = new IntersectionObserver((entries) => {
      const entry = entries.at(-1);
      if (entry !== undefined) setInView(entry.isIntersecting);
    });
    observer.observe(marker);
    return () => observer.disconnect();
  }, [marker]);

  useEffect(() => {
    if (inView && canLoad) loadRef.current();
  }, [inView, canLoad]);

  return useCallback((element: HTMLElement | null) => {
    setMarker(element);
    // No marker, no end in view: a list shown again (another search) must not load on an old sighting.
    if (element === null) setInView(false);
  }, []);
}
