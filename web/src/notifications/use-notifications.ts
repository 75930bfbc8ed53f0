/**
 * The notifications of the signed-in user (spec 1 §2.7, §4.5): joins the notification room, starts
 * from the tickets with unread messages, and follows new customer messages and ticket changes. A new
 * message also rings the chime at the stored volume and, when the user allowed it, shows a browser
 * notification that opens the ticket.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { CompanyChannels } from '../../../shared/realtime-events';
import type { TicketDto } from '../../../shared/tickets';
import { notificationKeys, useUnreadTickets } from '../api/tickets';
import { ticketRoutePath } from '../runtime/paths';
import { useTexts } from '../i18n/texts';
import { useRealtimeEvent, useRealtimeRoom } from '../realtime';
import {
  addMessage,
  applyTicketEvent,
  initialNotifications,
  isNewInboundMessage,
  openTicketOf,
  shouldAlert,
} from './notification-list';
import { playChime } from './play-chime';
import { notificationsTexts } from './texts';

const NOTIFICATIONS_QUERY_KEY = notificationKeys.all;

export function useNotifications(viewerId: string): readonly TicketDto[] {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const texts = useTexts(notificationsTexts);

  // showAll counts for admins only (the server ignores it for others), matching their 'all' room.
  const { data } = useUnreadTickets((tickets) => initialNotifications(tickets, viewerId));

  const change = useCallback(
    (apply: (list: readonly TicketDto[]) => readonly TicketDto[]) =>
      queryClient.setQueryData<readonly TicketDto[]>(NOTIFICATIONS_QUERY_KEY, (list) => (list === undefined ? list : apply(list))),
    [queryClient],
  );

  useRealtimeRoom({ action: 'joinNotification' }, { action: 'leaveNotification' }, () => {
    // What arrived before the room was joined came as no event.
    void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY_KEY });
  });

  useRealtimeEvent('appMessage', (event) => {
    if (!isNewInboundMessage(event, viewerId)) return;
    change((list) => addMessage(list, event, viewerId));
    if (!shouldAlert(event, { openTicket: openTicketOf(pathname), pageVisible: document.visibilityState === 'visible' })) return;
    playChime();
    showBrowserNotification(event, texts.noMessageText, () => void navigate(ticketRoutePath(event.ticket.uuid)));
  });

  useRealtimeEvent('ticket', (event) => change((list) => applyTicketEvent(list, event, viewerId)));

  return data ?? [];
}

function showBrowserNotification(event: CompanyChannels['appMessage'], fallbackBody: string, open: () => void): void {
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
  const { ticket, message } = event;
  const body = message.body.trim() !== '' ? message.body : fallbackBody;
  // One notice per ticket: a newer message replaces the older one instead of piling up.
  const notice = new Notification(ticket.contact.name, {
    body,
    tag: ticket.id,
    ...(ticket.contact.profilePicUrl !== null && { icon: ticket.contact.profilePicUrl }),
  });
  notice.onclick = () => {
    window.focus();
    open();
    notice.close();
  };
}
