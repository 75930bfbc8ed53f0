/**
 * A component whose code loads apart from the page's (a page, a dialog, a tab, the conversation), that
 * can be loaded ahead of its first render: React.lazy until its code has come, the component itself
 * from then on, so one loaded ahead never suspends.
 *
 * Why ahead: React reveals what a Suspense boundary holds no sooner than 300 ms after the boundary
 * showed its fallback (React 19 throttles reveals, so that content does not pop in piece by piece).
 * A dialog or a conversation whose code is fetched on its first opening therefore showed at least
 * 300 ms after the click, however quickly the code came; loaded while the page is idle, it shows at
 * once. Its code still stays out of the page's first load.
 */
import { lazy, useEffect, type ComponentType } from 'react';
import { onDemand } from './on-demand';

export interface Preloadable {
  /**
   * Loads the code, once however often it is called; settles when it has come or failed. A failed load
   * (offline, a new release replaced the file) is tried again by the next call, or by the first render.
   */
  readonly preload: () => Promise<unknown>;
}

export type LazyComponent<P extends object> = ComponentType<P> & Preloadable;

/**
 * `load` picks the module's named export: named exports read better in imports than defaults. The code
 * is loaded, once, by onDemand (on-demand.tsx), which also tries a failed load again.
 */
export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>): LazyComponent<P> {
  const code = onDemand(load);
  const Lazy = lazy(() => code.load().then(() => ({ default: code.Component })));
  function LazyOrLoaded(props: P) {
    return code.isLoaded() ? <code.Component {...props} /> : <Lazy {...props} />;
  }
  return Object.assign(LazyOrLoaded, { preload: code.load } satisfies Preloadable);
}

/**
 * The User Timing mark set when code starts loading ahead (the browser's performance panel shows it):
 * what a page fetches from then on is not part of its first load (`npm run bench:web` counts it apart).
 */
export const PRELOAD_MARK = 'atende:preload';

/**
 * Loads these components' code once the calling component has mounted (what its page will likely
 * open): after the page's own first render, so the page never waits for it. A failed load is left to
 * the component's first render, which then suspends and fails as React.lazy does.
 */
export function usePreload(...components: readonly Preloadable[]): void {
  useEffect(() => {
    performance.mark(PRELOAD_MARK);
    for (const component of components) component.preload().catch(() => undefined);
    // The components are module constants: loading once, on mount, is what is wanted.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
