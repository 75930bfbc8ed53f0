/**
 * A list page's search box: what is typed, and the search the list asks for, trimmed and sent once the
 * typing has paused for SEARCH_DEBOUNCE_MS (spec 1 §9).
 */
import { useState } from 'react';
import { SEARCH_DEBOUNCE_MS } from './timing';
import { useDebouncedValue } from './use-debounced-value';

export interface ListSearch {
  readonly typed: string;
  readonly setTyped: (typed: string) => void;
  /** What the list is searched for. */
  readonly search: string;
}

export function useListSearch(delayMs: number = SEARCH_DEBOUNCE_MS): ListSearch {
  const [typed, setTyped] = useState('');
  const search = useDebouncedValue(typed.trim(), delayMs);
  return { typed, setTyped, search };
}
