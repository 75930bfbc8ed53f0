/**
 * Code loaded when first needed rather than with the page: the menus and popovers of the header, whole
 * (Fluent's Menu or Popover, their positioning and motion, what they show), on the first press of their
 * button; the Toaster with the first notice.
 *
 * A menu or popover: until its code is there, its button stands alone, with what Fluent's trigger
 * gives the button of a closed menu or popover (`menuButtonAtRest`, `popoverButtonAtRest`), so it
 * looks, reads and answers the same. A press loads the code, then the loaded component renders the
 * Menu or Popover around the same button, already open: Fluent moves the focus into it on opening, and
 * back to the button on closing, as when it was part of the first load.
 *
 * Not React.lazy with a Suspense fallback: the button must stay on screen meanwhile, and a failed load
 * must leave it there, ready to try again, rather than reach an error boundary.
 */
import {
  useCallback,
  useLayoutEffect,
  useRef,
  useState,
  type ComponentType,
  type KeyboardEvent,
  type ReactElement,
  type RefObject,
} from 'react';

export interface OnDemand<P extends object> {
  /** Renders the loaded component, or nothing before `load` has finished. */
  readonly Component: ComponentType<P>;
  /** Loads the code once; a failed load (offline, a new release replaced the file) is tried again. */
  readonly load: () => Promise<void>;
  /** Whether `load` has finished, so `Component` renders the loaded one. */
  readonly isLoaded: () => boolean;
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

  return { Component: OnDemandComponent, load, isLoaded: () => loaded !== undefined };
}

/**
 * The open state of a popover or menu loaded on demand: closing is immediate, opening happens once the
 * code is there. When the code cannot be loaded it stays closed and the next press tries again.
 *
 * And the ref to put on its button. The first open puts the button inside the loaded popup, a new
 * element, and the focus the pressed button had falls to the page: it is given to the new button
 * before the popup's effects run, as if that one had been pressed. So the popup moves it inside from
 * there and, on closing, it comes back there (Fluent's restoring, and useFocusBackOnClose for the
 * popovers whose restoring lost it).
 */
export function useOpenOnDemand(
  load: () => Promise<void>,
): readonly [open: boolean, onOpenChange: (next: boolean) => void, buttonRef: RefObject<HTMLButtonElement | null>] {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  // A layout effect: it runs before every passive effect, among them the popup's moving the focus.
  useLayoutEffect(() => {
    if (open && document.activeElement === document.body) buttonRef.current?.focus();
  }, [open]);
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
  return [open, change, buttonRef];
}

/**
 * The open-change handler of a popover loaded on demand, and the ref to put on its surface: closing
 * with the focus inside (Escape) gives the focus to the button before the surface goes. Fluent's own
 * restoring (its focus manager, Tabster) lost it to the page now and then, and every time for the
 * announcements' popover.
 */
export function useFocusBackOnClose(
  onOpenChange: (open: boolean) => void,
  buttonRef: RefObject<HTMLButtonElement | null> | undefined,
): readonly [surfaceRef: RefObject<HTMLDivElement | null>, onOpenChange: (open: boolean) => void] {
  const surfaceRef = useRef<HTMLDivElement>(null);
  const change = (next: boolean) => {
    if (!next && surfaceRef.current?.contains(document.activeElement)) buttonRef?.current?.focus();
    onOpenChange(next);
  };
  return [surfaceRef, change];
}

/** The props a menu or popover loaded on demand takes besides its own. */
export interface PopupProps {
  readonly open: boolean;
  readonly onOpenChange: (open: boolean) => void;
  /** The button, which the popup wraps in Fluent's MenuTrigger or PopoverTrigger. */
  readonly trigger: ReactElement;
  /** The same button's element, for a popover that gives the focus back to it itself (useFocusBackOnClose). */
  readonly buttonRef?: RefObject<HTMLButtonElement | null>;
}

/** What the button of a menu or popover not loaded yet gets instead of its trigger's props. */
export interface ButtonAtRest {
  readonly 'aria-haspopup'?: 'menu';
  readonly 'aria-expanded'?: boolean;
  readonly onClick: () => void;
  readonly onKeyDown?: (event: KeyboardEvent) => void;
}

/** As Fluent's MenuTrigger on a closed menu: a menu button, opened by a press or by Arrow Down. */
export function menuButtonAtRest(onOpenChange: (open: boolean) => void): ButtonAtRest {
  return {
    'aria-haspopup': 'menu',
    onClick: () => onOpenChange(true),
    onKeyDown: (event) => {
      if (event.key === 'ArrowDown') onOpenChange(true);
    },
  };
}

/** As Fluent's PopoverTrigger on a closed popover: not expanded, opened by a press. */
export function popoverButtonAtRest(onOpenChange: (open: boolean) => void): ButtonAtRest {
  return { 'aria-expanded': false, onClick: () => onOpenChange(true) };
}
