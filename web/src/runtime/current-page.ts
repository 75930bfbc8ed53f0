/**
 * The registry entry of the page being shown, for what a page needs to know of itself without props:
 * the placeholder's title, the open pages' text, the document title. app/AppRoutes.tsx provides it
 * around every page. Through here rather than from the registry (app/page-registry.ts), which loads
 * every page and which no feature imports (docs/architecture.md §2).
 */
import { createContext, useContext } from 'react';
import type { Language } from '../i18n/language';

/** A text in every language of the app. */
export type PageText = Readonly<Record<Language, string>>;

/** What a page reads of its registry entry (app/page-entry.ts PageEntry, which has these and more). */
export interface CurrentPage {
  /** Names the page in code; unique. */
  readonly id: string;
  /** Relative to the app's root, with route parameters (`tickets/:ticketId?`); '' is `/` itself. */
  readonly path: string;
  readonly title: PageText;
}

export const CurrentPageContext = createContext<CurrentPage | undefined>(undefined);

export function useCurrentPage(): CurrentPage {
  const page = useContext(CurrentPageContext);
  if (page === undefined) throw new Error('useCurrentPage must be used inside a page of the route table');
  return page;
}

/** The registry's open pages (privacy, terms, contact), which link to each other: AppRoutes provides them around that area. */
export const OpenPagesContext = createContext<readonly CurrentPage[]>([]);

export function useOpenPages(): readonly CurrentPage[] {
  return useContext(OpenPagesContext);
}
