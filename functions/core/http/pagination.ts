/**
 * The spec's list paging: `searchParam` and `pageNumber` in, `{ <items>, hasMore }` out. Used for lists
 * bounded by the plan or the platform (users, queues, tags, plans, helps, announcements), which are read
 * with one key-condition Query of their partition and paged in memory. Unbounded lists (tickets,
 * messages, contacts) page with DynamoDB cursors instead.
 */
import { z } from 'zod';
import { foldForSearch } from '../../../shared/text';

export const PAGE_SIZE = 20;

export const ListQuery = z.object({
  searchParam: z.string().max(200, 'Too Long!').optional().default(''),
  // The coerce carries the message too, so text that is no number (`abc`) is an 'Invalid page' as well.
  pageNumber: z.coerce
    .number({ error: 'Invalid page' })
    .int('Invalid page')
    .min(1, 'Invalid page')
    .max(10_000, 'Invalid page')
    .optional()
    .default(1),
});

export type ListQuery = z.output<typeof ListQuery>;

export function paginate<T>(items: readonly T[], pageNumber: number, pageSize = PAGE_SIZE): { page: T[]; hasMore: boolean } {
  const start = (pageNumber - 1) * pageSize;
  return { page: items.slice(start, start + pageSize), hasMore: items.length > start + pageSize };
}

/** Whether any of the texts contains the search term, ignoring case and accents. */
export function matchesSearch(searchParam: string, ...texts: readonly (string | null | undefined)[]): boolean {
  const term = foldForSearch(searchParam);
  return term === '' || texts.some((text) => text && foldForSearch(text).includes(term));
}
