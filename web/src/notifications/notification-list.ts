/**
 * The notifications popover's list (spec 1 §2.7; checklist C-008): tickets with new messages from
 * customers, newest first, kept from the notification room's events. The server already sends each
 * user only the tickets they may see (their queues; admins all); among those we list the ones waiting
 * for anybody or assigned to the user, as a ticket another agent is handling is theirs to answer.
 */
import type { CompanyChannels } from '../../../shared/realtime-events';
import type { TicketDto } from '../../../shared/tickets';
import { dateLabel, timeLabel } from '../i18n/dates';
import type { Language } from '../i18n/language';

/** The most tickets the popover keeps; older ones drop off the end. */
export const NOTIFICATIONS_MAX = 50;

type MessageEvent = CompanyChannels['appMessage'];
type TicketEvent = CompanyChannels['ticket'];

function concernsViewer(ticket: Pick<TicketDto, 'userId' | 'status'>, viewerId: string): boolean {
  return ticket.status !== 'closed' && (ticket.userId === null || ticket.userId === viewerId);
}

/** Whether an `appMessage` event is a customer's new message the viewer should hear about. */
export function isNewInboundMessage(event: MessageEvent, viewerId: string): boolean {
  return event.action === 'create' && !event.message.fromMe && concernsViewer(event.ticket, viewerId);
}

/** The list a load answered: tickets with unread messages that concern the viewer. */
export function initialNotifications(tickets: readonly TicketDto[], viewerId: string): TicketDto[] {
  return tickets.filter((ticket) => ticket.unreadMessages > 0 && concernsViewer(ticket, viewerId)).slice(0, NOTIFICATIONS_MAX);
}

/** A new inbound message puts its ticket (as the event carries it) first. */
export function addMessage(list: readonly TicketDto[], event: MessageEvent, viewerId: string): readonly TicketDto[] {
  if (!isNewInboundMessage(event, viewerId)) return list;
  return [event.ticket, ...list.filter((ticket) => ticket.id !== event.ticket.id)].slice(0, NOTIFICATIONS_MAX);
}

/**
 * A ticket event: read (`updateUnread`), deleted, closed, taken by someone else, or with nothing unread
 * any more drops it; any other change refreshes the entry in place.
 */
export function applyTicketEvent(list: readonly TicketDto[], event: TicketEvent, viewerId: string): readonly TicketDto[] {
  if (event.action === 'delete' || event.action === 'updateUnread') {
    const id = event.ticketId;
    return list.some((ticket) => ticket.id === id) ? list.filter((ticket) => ticket.id !== id) : list;
  }
  const changed = event.ticket;
  if (!list.some((ticket) => ticket.id === changed.id)) return list;
  if (changed.unreadMessages === 0 || !concernsViewer(changed, viewerId)) return list.filter((ticket) => ticket.id !== changed.id);
  return list.map((ticket) => (ticket.id === changed.id ? changed : ticket));
}

export interface AlertContext {
  /** The ticket the user has open in the conversation pane, as the address names it (uuid or id), if any. */
  readonly openTicket: string | undefined;
  /** Whether the page is visible (document.visibilityState). */
  readonly pageVisible: boolean;
}

/**
 * Whether a new message also plays the sound and shows a browser notification: not when the user is
 * looking at that very conversation, and not for groups, whose chatter would ring all day.
 */
export function shouldAlert(event: MessageEvent, context: AlertContext): boolean {
  if (event.ticket.isGroup) return false;
  const looking = context.openTicket !== undefined && (context.openTicket === event.ticket.uuid || context.openTicket === event.ticket.id);
  return !(context.pageVisible && looking);
}

/** The ticket reference in a /tickets/{ref} path (a uuid, or an id in an older link), if any. */
export function openTicketOf(pathname: string): string | undefined {
  const match = /^\/tickets\/([^/]+)\/?$/.exec(pathname);
  return match?.[1] === undefined ? undefined : decodeURIComponent(match[1]);
}

/**
 * When a ticket last changed, in the spec's formats (§9): HH:mm today, its day before (DD/MM/YYYY, in
 * the interface language's order: MM/DD/YYYY in English), local time.
 */
export function whenLabel(iso: string, now: Date, language: Language): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  const sameDay = at.getFullYear() === now.getFullYear() && at.getMonth() === now.getMonth() && at.getDate() === now.getDate();
  return sameDay ? timeLabel(at) : dateLabel(at, language);
}
