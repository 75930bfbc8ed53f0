/**
 * The registry entry of the page being shown, for what a page needs to know of itself without props:
 * the placeholder's title, the open pages' text, the document title. AppRoutes provides it around
 * every page.
 */
import { createContext, useContext } from 'react';
import type { PageEntry, PageId } from './page-registry';

export type CurrentPage = PageEntry & { readonly id: PageId };

export const CurrentPageContext = createContext<CurrentPage | undefined>(undefined);

export function useCurrentPage(): CurrentPage {
  const page = useContext(CurrentPageContext);
  if (page === undefined) throw new Error('useCurrentPage must be used inside a page of the route table');
  return page;
}
