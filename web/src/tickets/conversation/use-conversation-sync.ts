/**
 * Keeps an open conversation live (spec 1 §4.2, §4.5; docs/architecture.md §6): joins the ticket's chat-box room
 * (reading the ticket and its messages again once the server answers that it is joined), applies
 * `appMessage` events to the message cache and the ticket, follows the ticket's own changes,
 * and marks the conversation read the way the backend expects it: by reading the first page as the
 * ticket's assigned agent, whenever new messages arrive while that agent has it open and visible.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { CompanyChannels } from '../../../../shared/realtime-events';
import type { TicketDto } from '../../../../shared/tickets';
import { queryKeys } from '../../api/query-keys';
import { useServices } from '../../runtime/services';
import { upsertMessage, upsertMessages, type MessagePages } from './message-cache';
import { getMessagePage } from '../../api/messages';
import { useRealtimeEvent, useRealtimeRoom } from './realtime';

/** Messages that arrive together are read together. */
const MARK_READ_DELAY_MS = 500;

function usePageVisible(): boolean {
  const [visible, setVisible] = useState(() => typeof document === 'undefined' || document.visibilityState === 'visible');
  useEffect(() => {
    const update = () => setVisible(document.visibilityState === 'visible');
    document.addEventListener('visibilitychange', update);
    return () => document.removeEventListener('visibilitychange', update);
  }, []);
  return visible;
}

export function useConversationSync(options: {
  readonly ticketId: string;
  readonly ticket: TicketDto | undefined;
  readonly userId: string;
  /** The first page is loaded and not being fetched again (which would mark read by itself). */
  readonly messagesSettled: boolean;
}) {
  const { ticketId, ticket, userId, messagesSettled } = options;
  const { api } = useServices();
  const queryClient = useQueryClient();
  const visible = usePageVisible();
  const ticketKey = useMemo(() => queryKeys.tickets.one(ticketId), [ticketId]);
  const messagesKey = useMemo(() => queryKeys.messages.ofTicket(ticketId), [ticketId]);

  const join = useMemo(() => ({ action: 'joinChatBox', ticketId }) as const, [ticketId]);
  const leave = useMemo(() => ({ action: 'leaveChatBox', ticketId }) as const, [ticketId]);
  useRealtimeRoom(join, leave, () => {
    void queryClient.invalidateQueries({ queryKey: ticketKey });
    void queryClient.invalidateQueries({ queryKey: messagesKey });
  });

  const onMessage = useCallback(
    (data: CompanyChannels['appMessage']) => {
      if (data.message.ticketId !== ticketId) return;
      queryClient.setQueryData<MessagePages>(messagesKey, (pages) => upsertMessage(pages, data.message));
      queryClient.setQueryData(ticketKey, data.ticket);
    },
    [queryClient, ticketId, messagesKey, ticketKey],
  );
  useRealtimeEvent('appMessage', onMessage);

  const onTicket = useCallback(
    (data: CompanyChannels['ticket']) => {
      if (data.action === 'update') {
        if (data.ticket.id === ticketId) queryClient.setQueryData(ticketKey, data.ticket);
      } else if (data.ticketId === ticketId) {
        if (data.action === 'updateUnread') {
          queryClient.setQueryData<TicketDto>(ticketKey, (current) => (current ? { ...current, unreadMessages: 0 } : current));
        } else {
          // `delete` also tells lists a ticket left their status: ask again whether it still exists.
          void queryClient.invalidateQueries({ queryKey: ticketKey });
        }
      }
    },
    [queryClient, ticketId, ticketKey],
  );
  useRealtimeEvent('ticket', onTicket);

  const readingAgent = ticket !== undefined && ticket.status === 'open' && ticket.userId === userId;
  const unread = ticket?.unreadMessages ?? 0;
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => {
    if (!readingAgent || unread === 0 || !messagesSettled || !visible) return;
    timer.current = setTimeout(() => {
      getMessagePage(api, ticketId)
        .then((page) => {
          queryClient.setQueryData<MessagePages>(messagesKey, (pages) => upsertMessages(pages, page.messages));
          queryClient.setQueryData<TicketDto>(ticketKey, (current) => (current ? { ...current, unreadMessages: 0 } : current));
        })
        .catch(() => {
          // Marking read is a courtesy: the next message or visit tries again.
        });
    }, MARK_READ_DELAY_MS);
    return () => clearTimeout(timer.current);
  }, [readingAgent, unread, messagesSettled, visible, api, queryClient, ticketId, messagesKey, ticketKey]);
}
