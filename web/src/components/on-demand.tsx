/**
 * Contents of popovers and menus loaded on their first open: the button that opens them stays in the
 * page's first load, what they show (lists, menu items, their styles) loads when first asked for.
 *
 * Not React.lazy with a Suspense fallback: Fluent moves the focus into a popover or menu once, when
 * its `open` turns true, so contents that appear a moment later would leave the focus on the button.
 * Instead opening waits for the code, and the contents mount in the same render as the open state,
 * exactly as when they were part of the first load.
 */
import { useCallback, useState, type ComponentType } from 'react';

export interface OnDemand<P extends object> {
  /** Renders the loaded component, or nothing before `load` has finished. */
  readonly Component: ComponentType<P>;
  /** Loads the code once; a failed load (offline, a new release replaced the file) is tried again. */
  readonly load: () => Promise<void>;
}

export function onDemand<P extends object>(importComponent: () => Promise<ComponentType<P>>): OnDemand<P> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<void> | undefined;

  const load = (): Promise<void> => {
    pending ??= importComponent().then(
      (component) => {
        loaded = component;
      },
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    );
    return pending;
  };

  function OnDemandComponent(props: P) {
    const Loaded = loaded;
    return Loaded === undefined ? null : <Loaded {...props} />;
  }

  return { Component: OnDemandComponent, load };
}

/**
 * The open state of a popover or menu whose contents load on demand: closing is immediate, opening
 * happens once the contents' code is there. When the code cannot be loaded the popover stays closed
 * and the next press tries again.
 */
export function useOpenOnDemand(load: () => Promise<void>): readonly [boolean, (next: boolean) => void] {
  const [open, setOpen] = useState(false);
  const change = useCallback(
    (next: boolean) => {
      if (!next) {
        setOpen(false);
        return;
      }
      load().then(
        () => setOpen(true),
        () => undefined,
      );
    },
    [load],
  );
  return [open, change];
}
