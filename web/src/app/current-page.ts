/**
 * The registry entry of the page being shown, for what a page needs to know of itself without props:
 * the placeholder's title, the open pages' text, the document title. AppRoutes provides it around
 * every page. Through here rather than from the registry, which loads every page (page-registry.ts).
 */
import { createContext, useContext } from 'react';
import type { PageEntry } from './page-entry';

export type CurrentPage = PageEntry;

export const CurrentPageContext = createContext<CurrentPage | undefined>(undefined);

export function useCurrentPage(): CurrentPage {
  const page = useContext(CurrentPageContext);
  if (page === undefined) throw new Error('useCurrentPage must be used inside a page of the route table');
  return page;
}

/** The registry's open pages (privacy, terms, contact), which link to each other: AppRoutes provides them around that area. */
export const OpenPagesContext = createContext<readonly PageEntry[]>([]);

export function useOpenPages(): readonly PageEntry[] {
  return useContext(OpenPagesContext);
}
