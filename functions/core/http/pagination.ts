/**
 * The spec's list paging: `searchParam` and `pageNumber` in, `{ <items>, hasMore }` out. Used for lists
 * bounded by the plan or the platform (users, queues, tags, plans, helps, announcements), which are read
 * with one key-condition Query of their partition and paged in memory. Unbounded lists (tickets,
 * messages, contacts) page with DynamoDB cursors instead.
 */
import { foldForSearch } from '../../../shared/text';

export { ListQuery } from '../../../shared/paging';

export const PAGE_SIZE = 20;

export function paginate<T>(items: readonly T[], pageNumber: number, pageSize = PAGE_SIZE): { page: T[]; hasMore: boolean } {
  const start = (pageNumber - 1) * pageSize;
  return { page: items.slice(start, start + pageSize), hasMore: items.length > start + pageSize };
}

/** Whether any of the texts contains the search term, ignoring case and accents. */
export function matchesSearch(searchParam: string, ...texts: readonly (string | null | undefined)[]): boolean {
  const term = foldForSearch(searchParam);
  return term === '' || texts.some((text) => text && foldForSearch(text).includes(term));
}
