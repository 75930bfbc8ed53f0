/** A ticket's messages (GET /messages/{ticketId}): cursor pages, newest first. */
import { useInfiniteQuery } from '@tanstack/react-query';
import type { MessagePage } from '../../../shared/messages';
import type { MessagePages } from '../tickets/conversation/message-cache';
import { useServices } from '../runtime/services';

export type { MessagePage };

export const messagesPath = (ticketId: string) => `/messages/${encodeURIComponent(ticketId)}`;

export const messageKeys = {
  all: ['messages'] as const,
  ofTicket: (ticketId: string) => ['messages', ticketId] as const,
};

export function useMessagePages(ticketId: string) {
  const { api } = useServices();
  return useInfiniteQuery<MessagePage, Error, MessagePages, ReturnType<typeof messageKeys.ofTicket>, string | null>({
    queryKey: messageKeys.ofTicket(ticketId),
    queryFn: ({ pageParam, signal }) =>
      api.get<MessagePage>(messagesPath(ticketId), { signal, ...(pageParam !== null && { query: { cursor: pageParam } }) }),
    initialPageParam: null,
    getNextPageParam: (last) => (last.hasMore && last.cursor !== null ? last.cursor : undefined),
    // Live events keep it current; a refetch would read (and mark read) every page again.
    staleTime: Infinity,
  });
}
