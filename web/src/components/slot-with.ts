/** Merging our props for a Fluent slot with the ones a screen gives (the localized controls use it). */
import { isValidElement } from 'react';

/**
 * Our props for a slot, with the screen's own props merged over them; a slot the screen gives otherwise
 * (null to hide it, or content) stays as given.
 */
export function slotWith<T extends object, S>(ours: T, theirs: S): T | S {
  if (theirs === undefined) return ours;
  const props = typeof theirs === 'object' && theirs !== null && !isValidElement(theirs);
  return props ? { ...ours, ...theirs } : theirs;
}
