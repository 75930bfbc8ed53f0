/**
 * Server data of the conversation (TanStack Query): the ticket, its message pages (cursor paging,
 * newest first) and the lists the modals pick from. Keys come from api/query-keys.ts so realtime
 * events and other screens refresh the same entries.
 */
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { ContactDto } from '../../../../shared/contacts';
import type { ConnectionDto } from '../../../../shared/connections';
import type { MessagePage } from '../../../../shared/messages';
import type { TicketNote } from '../../../../shared/notes';
import type { QueueDto } from '../../../../shared/queues';
import type { QuickMessage } from '../../../../shared/quick-messages';
import type { TagSummary } from '../../../../shared/tags';
import type { TicketDto } from '../../../../shared/tickets';
import type { UserOption } from '../../../../shared/users';
import { queryKeys } from '../../api/query-keys';
import { useServices } from '../../app/services';
import type { MessagePages } from './message-cache';

export const ticketPath = (ticketId: string) => `/tickets/${encodeURIComponent(ticketId)}`;
export const messagesPath = (ticketId: string) => `/messages/${encodeURIComponent(ticketId)}`;

export function useTicket(ticketId: string) {
  const { api } = useServices();
  return useQuery({
    queryKey: queryKeys.tickets.one(ticketId),
    queryFn: ({ signal }) => api.get<TicketDto>(ticketPath(ticketId), { signal }),
  });
}

export function useMessagePages(ticketId: string) {
  const { api } = useServices();
  return useInfiniteQuery<MessagePage, Error, MessagePages, ReturnType<typeof queryKeys.messages.ofTicket>, string | null>({
    queryKey: queryKeys.messages.ofTicket(ticketId),
    queryFn: ({ pageParam, signal }) =>
      api.get<MessagePage>(messagesPath(ticketId), { signal, ...(pageParam !== null && { query: { cursor: pageParam } }) }),
    initialPageParam: null,
    getNextPageParam: (last) => (last.hasMore && last.cursor !== null ? last.cursor : undefined),
    // Live events keep it current; a refetch would read (and mark read) every page again.
    staleTime: Infinity,
  });
}

export function useTicketNotes(ticket: Pick<TicketDto, 'id' | 'contactId'>, enabled: boolean) {
  const { api } = useServices();
  return useQuery({
    queryKey: queryKeys.notes.ofTicket(ticket.id),
    queryFn: ({ signal }) =>
      api.get<TicketNote[]>('/ticket-notes/list', { signal, query: { ticketId: ticket.id, contactId: ticket.contactId } }),
    enabled,
  });
}

export function useContact(contactId: string, enabled: boolean) {
  const { api } = useServices();
  return useQuery({
    queryKey: queryKeys.contacts.one(contactId),
    queryFn: ({ signal }) => api.get<ContactDto>(`/contacts/${encodeURIComponent(contactId)}`, { signal }),
    enabled,
  });
}

export function useQuickMessageOptions(enabled: boolean) {
  const { api } = useServices();
  return useQuery({
    queryKey: queryKeys.quickMessageOptions,
    queryFn: ({ signal }) => api.get<QuickMessage[]>('/quick-messages/list', { signal }),
    enabled,
  });
}

export function useQueues(enabled: boolean) {
  const { api } = useServices();
  return useQuery({ queryKey: queryKeys.queues, queryFn: ({ signal }) => api.get<QueueDto[]>('/queue', { signal }), enabled });
}

export function useUserOptions(enabled: boolean) {
  const { api } = useServices();
  return useQuery({ queryKey: queryKeys.userOptions, queryFn: ({ signal }) => api.get<UserOption[]>('/users/list', { signal }), enabled });
}

export function useConnections(enabled: boolean) {
  const { api } = useServices();
  return useQuery({ queryKey: queryKeys.connections, queryFn: ({ signal }) => api.get<ConnectionDto[]>('/whatsapp', { signal }), enabled });
}

export function useTagOptions(enabled: boolean) {
  const { api } = useServices();
  return useQuery({ queryKey: queryKeys.tagOptions, queryFn: ({ signal }) => api.get<TagSummary[]>('/tags/list', { signal }), enabled });
}
