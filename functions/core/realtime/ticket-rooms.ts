/**
 * Which rooms hear a ticket, and which rooms a socket joins to listen: the one place the rule
 * "agents receive only tickets of their queues (and of no queue when allTicket is enabled)" lives
 * (spec 1 §6, docs/architecture.md §6). Admins and show-all listeners join the `all` rooms; agents join the room
 * of each of their queues.
 */
import type { MessageDto } from '../../../shared/messages';
import { can } from '../../../shared/permissions';
import type { TicketDto, TicketStatus } from '../../../shared/tickets';
import type { Room } from '../repositories/rooms';
import { publishEventsToRooms, publishToRooms } from './publisher';

interface TicketPlace {
  readonly id: string;
  readonly status: TicketStatus;
  readonly queueId: string | null;
}

const queueRoomId = (queueId: string | null) => queueId ?? 'none';

/** The list and notification rooms a ticket is heard in, plus its own chat-box room. */
export function roomsOfTicket(ticket: TicketPlace): Room[] {
  return [
    `tickets:${ticket.status}:all`,
    `tickets:${ticket.status}:queue:${queueRoomId(ticket.queueId)}`,
    'notification:all',
    `notification:queue:${queueRoomId(ticket.queueId)}`,
    `ticket:${ticket.id}`,
  ];
}

export interface Listener {
  readonly profile: string;
  readonly queueIds: readonly string[];
  readonly allTicket: 'enabled' | 'desabled';
}

/** Rooms for "my tickets of this status": everything for those who may see all, else my queues. */
export function ticketListRooms(listener: Listener, status: TicketStatus): Room[] {
  if (can(listener.profile, 'tickets-manager:showall')) return [`tickets:${status}:all`];
  return visibleQueueRoomIds(listener).map((queue) => `tickets:${status}:queue:${queue}` as const);
}

export function notificationRooms(listener: Listener): Room[] {
  if (can(listener.profile, 'tickets-manager:showall')) return ['notification:all'];
  return visibleQueueRoomIds(listener).map((queue) => `notification:queue:${queue}` as const);
}

/** Whether a user may see (and so listen to) a ticket: admins any; others their queues, or no queue with allTicket. */
export function canSeeTicket(listener: Listener, ticket: { readonly queueId: string | null }): boolean {
  if (listener.profile.toLowerCase() === 'admin') return true;
  return visibleQueueRoomIds(listener).includes(queueRoomId(ticket.queueId));
}

function visibleQueueRoomIds(listener: Listener): string[] {
  return [...listener.queueIds, ...(listener.allTicket === 'enabled' ? ['none'] : [])];
}

/**
 * Publishes a ticket change. When the ticket left a status or a queue, the rooms it left get a `delete`
 * first, so their lists drop it (spec 1 §4.2).
 */
export async function publishTicketUpdate(companyId: string, ticket: TicketDto, before?: TicketPlace): Promise<void> {
  if (before && (before.status !== ticket.status || before.queueId !== ticket.queueId)) {
    const left = roomsOfTicket(before).filter((room) => !roomsOfTicket(ticket).includes(room));
    await publishToRooms(companyId, left, 'ticket', { action: 'delete', ticketId: ticket.id });
  }
  await publishToRooms(companyId, roomsOfTicket(ticket), 'ticket', { action: 'update', ticket });
}

export async function publishTicketDeleted(companyId: string, ticket: TicketPlace): Promise<void> {
  await publishToRooms(companyId, roomsOfTicket(ticket), 'ticket', { action: 'delete', ticketId: ticket.id });
}

export async function publishMessage(companyId: string, action: 'create' | 'update', message: MessageDto, ticket: TicketDto): Promise<void> {
  await publishToRooms(companyId, roomsOfTicket(ticket), 'appMessage', { action, message, ticket });
}

/**
 * A new message, then the update of the ticket it moved (its last message and place in the lists): the
 * same rooms hear both, so their members are looked up once.
 */
export async function publishNewMessage(companyId: string, message: MessageDto, ticket: TicketDto, ticketMoved: boolean): Promise<void> {
  await publishEventsToRooms(companyId, roomsOfTicket(ticket), [
    { channel: 'appMessage', data: { action: 'create', message, ticket } },
    ...(ticketMoved ? [{ channel: 'ticket', data: { action: 'update', ticket } } as const] : []),
  ]);
}

/**
 * A changed message (an edit, a deletion), then the update of its ticket when the change reached the ticket's
 * list preview: the same rooms hear both, so their members are looked up once.
 */
export async function publishChangedMessage(companyId: string, message: MessageDto, ticket: TicketDto, ticketChanged: boolean): Promise<void> {
  await publishEventsToRooms(companyId, roomsOfTicket(ticket), [
    { channel: 'appMessage', data: { action: 'update', message, ticket } },
    ...(ticketChanged ? [{ channel: 'ticket', data: { action: 'update', ticket } } as const] : []),
  ]);
}
