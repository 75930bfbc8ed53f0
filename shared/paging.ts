/**
 * The spec's list query (`searchParam`, `pageNumber`), one definition for every list of the API and for
 * the web's list screens.
 */
import { z } from 'zod';

export const SearchParam = z.string().max(200, 'Too Long!').optional().default('');

// The coerce carries the message too, so text that is no number (`abc`) is an 'Invalid page' as well.
export const PageNumber = z.coerce
  .number({ error: 'Invalid page' })
  .int('Invalid page')
  .min(1, 'Invalid page')
  .max(10_000, 'Invalid page')
  .optional()
  .default(1);

export const ListQuery = z.object({ searchParam: SearchParam, pageNumber: PageNumber });

export type ListQuery = z.output<typeof ListQuery>;
