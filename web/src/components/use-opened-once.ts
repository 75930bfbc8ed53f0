/**
 * Whether something (a dialog) has been open at least once: a page renders a dialog whose code loads
 * apart (lazy-component.tsx) only from its first opening, and keeps it mounted afterwards so that it
 * closes with its animation and opens again at once. Keeps the dialog machinery out of a page's first load.
 */
import { useState } from 'react';

export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  // Set while rendering (React's way of keeping state from earlier renders): the first open renders the
  // dialog in the same pass.
  if (open && !opened) setOpened(true);
  return opened || open;
}
