/**
 * The texts of a list page from its feature's `page` texts: the same keys on every list page, and the
 * empty list's words chosen by whether a search is typed (`noMatches` names it: {{search}}).
 */
import { format } from '../i18n/texts';
import type { ListPageTexts } from './ListPage';

export interface ListPageSourceTexts extends ListPageTexts {
  /** What an empty search says, with {{search}}. */
  readonly noMatches: string;
}

export function listPageTexts(page: ListPageSourceTexts, search: string): ListPageTexts {
  return {
    title: page.title,
    searchPlaceholder: page.searchPlaceholder,
    searchLabel: page.searchLabel,
    loading: page.loading,
    loadingMore: page.loadingMore,
    loadError: page.loadError,
    retry: page.retry,
    empty: search === '' ? page.empty : format(page.noMatches, { search }),
  };
}
