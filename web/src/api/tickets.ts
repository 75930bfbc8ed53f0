/**
 * Tickets: their paths, cache keys and the one-ticket query. The ticket lists' paged query lives with
 * the lists' rules (tickets/use-ticket-lists.ts), under these keys.
 */
import { useQuery } from '@tanstack/react-query';
import type { TicketDto, TicketPage } from '../../../shared/tickets';
import { useServices } from '../app/services';

export type { TicketDto, TicketPage };

export const TICKETS_API_PATH = '/tickets';
export const ticketPath = (ticketId: string) => `${TICKETS_API_PATH}/${encodeURIComponent(ticketId)}`;

export const ticketKeys = {
  all: ['tickets'] as const,
  /** A ticket list; `filters` is the exact query the list sends (status, search, queues, tags, users, showAll). */
  list: (filters: Readonly<Record<string, unknown>>) => ['tickets', 'list', filters] as const,
  lists: ['tickets', 'list'] as const,
  one: (ticketId: string) => ['tickets', 'one', ticketId] as const,
  /** A ticket looked up by its uuid (the route /tickets/{uuid}, spec 1 §2.1). */
  byUuid: (uuid: string) => ['tickets', 'uuid', uuid] as const,
  /** The messages of the admin's read-only view of a ticket (not the conversation's own cache). */
  spy: (ticketId: string) => ['tickets', 'spy', ticketId] as const,
};

/**
 * The caller's tickets with unread messages (the header's notifications), under a root key of their
 * own: ticket-list refreshes (`tickets`) need not reload them.
 */
export const unreadTicketKeys = {
  all: ['notifications'] as const,
};

/** GET /tickets with unread messages, every queue for admins (the server ignores showAll for others), arranged by `arrange`. */
export function useUnreadTickets(arrange: (tickets: readonly TicketDto[]) => readonly TicketDto[]) {
  const { api } = useServices();
  return useQuery({
    queryKey: unreadTicketKeys.all,
    queryFn: async ({ signal }) => {
      const page = await api.get<TicketPage>(TICKETS_API_PATH, { query: { withUnreadMessages: true, showAll: true }, signal });
      return arrange(page.tickets);
    },
  });
}

export function useTicket(ticketId: string) {
  const { api } = useServices();
  return useQuery({
    queryKey: ticketKeys.one(ticketId),
    queryFn: ({ signal }) => api.get<TicketDto>(ticketPath(ticketId), { signal }),
  });
}
