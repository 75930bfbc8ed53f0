/**
 * Holding back a change of layout while a pointer is pressed. A field is left (blurred) on the press of
 * the next control, before its release: a message that appeared under the field then would push the
 * control down between the press and the release, which land on different elements, and the browser
 * fires no click (issue 27: the first click on 'Provedor' or 'Filas' was lost). A form shows such a
 * message once the press is released and its click dispatched.
 */

export interface PointerRelease {
  /** Runs `effect` now, or, while a pointer is pressed, just after its release and the click it makes. */
  readonly afterRelease: (effect: () => void) => void;
}

/** Watches the presses on `target` (the document) from now on. */
export function pointerRelease(target: EventTarget): PointerRelease {
  let pressed = false;
  let waiting: (() => void)[] = [];
  target.addEventListener('pointerdown', () => (pressed = true), { capture: true });
  const released = () => {
    pressed = false;
    const effects = waiting;
    waiting = [];
    // The click follows the release in the same task: the effects wait for the next one.
    if (effects.length > 0) setTimeout(() => effects.forEach((effect) => effect()), 0);
  };
  target.addEventListener('pointerup', released, { capture: true });
  target.addEventListener('pointercancel', released, { capture: true });
  return {
    afterRelease: (effect) => {
      if (pressed) waiting.push(effect);
      else effect();
    },
  };
}

let documentRelease: PointerRelease | undefined;

/** The page's presses, watched from the first call (nothing to watch outside a browser). */
export function documentPointerRelease(): PointerRelease {
  if (typeof document === 'undefined') return { afterRelease: (effect) => effect() };
  documentRelease ??= pointerRelease(document);
  return documentRelease;
}
