/**
 * The tickets one caller may list and the filters they asked for: built by list-tickets.ts (scopeOf),
 * read by the list's Queries and by the search (search-tickets.ts), in a module of its own so neither
 * imports the other for it.
 */
import type { TicketStatus } from '../../../shared/tickets';

/** The tickets one caller may list, and the filters asked for. */
export interface TicketScope {
  readonly companyId: string;
  readonly statuses: readonly TicketStatus[];
  /** 'all', or the queue ids whose partitions to read ('none' for tickets without a queue). */
  readonly queues: 'all' | readonly string[];
  readonly users: readonly string[];
  readonly tags: readonly string[];
  readonly withUnread: boolean;
  /** Creation day window (ISO instants, both included). */
  readonly created?: { readonly first: string; readonly last: string };
  /** Order-key (`<updatedAt>#<id>`) window, both included. */
  readonly from?: string;
  readonly to?: string;
}
