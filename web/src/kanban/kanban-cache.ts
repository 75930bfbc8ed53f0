/**
 * The board's cards in the server cache (TanStack Query): the realtime `ticket`, `appMessage` and
 * `contact` events and the answers of a move are applied to every loaded board, so a card follows what
 * happens to its ticket anywhere without a refetch (docs/architecture.md §6). The board holds the
 * pending and open tickets: one that is closed (or deleted, or gone from the caller's rooms) leaves it.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { ContactDto } from '../../../shared/contacts';
import type { CompanyChannels } from '../../../shared/realtime-events';
import type { KanbanBoard, KanbanTicketDto, TicketDto } from '../../../shared/tickets';
import { queryKeys } from '../api/query-keys';

/** The card of a ticket as the API answers tickets elsewhere. */
export function kanbanTicketOf(ticket: TicketDto): KanbanTicketDto {
  return {
    id: ticket.id,
    uuid: ticket.uuid,
    number: ticket.number,
    status: ticket.status,
    queueId: ticket.queueId,
    userId: ticket.userId,
    tags: ticket.tags,
    contact: { id: ticket.contact.id, name: ticket.contact.name, number: ticket.contact.number },
    isGroup: ticket.isGroup,
    lastMessage: ticket.lastMessage,
    updatedAt: ticket.updatedAt,
  };
}

/** What the board hears. */
export type BoardEvent =
  | { readonly channel: 'ticket'; readonly data: CompanyChannels['ticket'] }
  | { readonly channel: 'appMessage'; readonly data: CompanyChannels['appMessage'] }
  | { readonly channel: 'contact'; readonly data: { readonly action: 'update'; readonly contact: Pick<ContactDto, 'id' | 'name' | 'number'> } };

function withTicket(board: KanbanBoard, ticket: TicketDto): KanbanBoard {
  const others = board.tickets.filter((card) => card.id !== ticket.id);
  if (ticket.status === 'closed') return others.length === board.tickets.length ? board : { tickets: others };
  return { tickets: [kanbanTicketOf(ticket), ...others] };
}

function withoutTicket(board: KanbanBoard, ticketId: string): KanbanBoard {
  const others = board.tickets.filter((card) => card.id !== ticketId);
  return others.length === board.tickets.length ? board : { tickets: others };
}

/** The board after an event; the same object when nothing of it changed. */
export function applyBoardEvent(board: KanbanBoard, event: BoardEvent): KanbanBoard {
  switch (event.channel) {
    case 'ticket':
      if (event.data.action === 'update') return withTicket(board, event.data.ticket);
      if (event.data.action === 'delete') return withoutTicket(board, event.data.ticketId);
      return board;
    case 'appMessage':
      return withTicket(board, event.data.ticket);
    case 'contact': {
      const { contact } = event.data;
      if (!board.tickets.some((card) => card.contact.id === contact.id)) return board;
      return {
        tickets: board.tickets.map((card) =>
          card.contact.id === contact.id ? { ...card, contact: { id: contact.id, name: contact.name, number: contact.number } } : card,
        ),
      };
    }
  }
}

function isBoard(value: unknown): value is KanbanBoard {
  return typeof value === 'object' && value !== null && Array.isArray((value as KanbanBoard).tickets);
}

/** Applies an event to every loaded board. */
export function applyToBoards(client: QueryClient, event: BoardEvent): void {
  for (const [key, data] of client.getQueriesData({ queryKey: queryKeys.tickets.kanbanBoards })) {
    if (!isBoard(data)) continue;
    const next = applyBoardEvent(data, event);
    if (next !== data) client.setQueryData(key, next);
  }
}

/** A ticket as a move's call answered it. */
export function storeBoardTicket(client: QueryClient, ticket: TicketDto): void {
  applyToBoards(client, { channel: 'ticket', data: { action: 'update', ticket } });
}
