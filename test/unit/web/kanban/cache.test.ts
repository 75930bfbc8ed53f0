import { QueryClient } from '@tanstack/react-query';
import type { MessageDto } from '../../../../shared/messages';
import type { KanbanBoard } from '../../../../shared/tickets';
import { queryKeys } from '../../../../web/src/api/query-keys';
import { applyBoardEvent, applyToBoards, kanbanTicketOf, storeBoardTicket } from '../../../../web/src/kanban/kanban-cache';
import { ticketDto } from '../../../support/ticket-dto';

const open = (id: string, tags: string[] = []) => ({ ...ticketDto({ status: 'open', queueId: 'Q1', id }), number: 42, tags });
const boardOf = (...ids: string[]): KanbanBoard => ({ tickets: ids.map((id) => kanbanTicketOf(open(id))) });
const ids = (board: KanbanBoard) => board.tickets.map((card) => card.id);

describe('kanbanTicketOf', () => {
  test("keeps the card's fields of a ticket, its number, its tags as ids", () => {
    const ticket = open('A', ['T1', 'T2']);

    expect(kanbanTicketOf(ticket)).toEqual({
      id: 'A',
      uuid: 'uuid-A',
      number: 42,
      status: 'open',
      queueId: 'Q1',
      userId: null,
      tags: ['T1', 'T2'],
      contact: { id: 'contact-1', name: 'Maria', number: '5511999990000' },
      isGroup: false,
      lastMessage: 'Olá',
      updatedAt: ticket.updatedAt,
    });
  });
});

describe('applyBoardEvent', () => {
  test('replaces a card with the updated ticket (its new tags)', () => {
    const next = applyBoardEvent(boardOf('A', 'B'), { channel: 'ticket', data: { action: 'update', ticket: open('A', ['T1']) } });

    expect(next.tickets.find((card) => card.id === 'A')?.tags).toEqual(['T1']);
    expect(ids(next).sort()).toEqual(['A', 'B']);
  });

  test('adds a ticket the board did not have (a new pending ticket)', () => {
    const next = applyBoardEvent(boardOf('A'), { channel: 'ticket', data: { action: 'update', ticket: { ...open('N'), status: 'pending' } } });

    expect(ids(next).sort()).toEqual(['A', 'N']);
  });

  test('drops a ticket that was closed', () => {
    const next = applyBoardEvent(boardOf('A', 'B'), { channel: 'ticket', data: { action: 'update', ticket: { ...open('A'), status: 'closed' } } });

    expect(ids(next)).toEqual(['B']);
  });

  test('drops a deleted ticket, or one that left the rooms the board hears', () => {
    const next = applyBoardEvent(boardOf('A', 'B'), { channel: 'ticket', data: { action: 'delete', ticketId: 'B' } });

    expect(ids(next)).toEqual(['A']);
  });

  test('takes the last message of a new message', () => {
    const ticket = { ...open('A'), lastMessage: 'Chegou?' };
    // The board reads only the ticket of a message event.
    const message = {} as MessageDto;

    const next = applyBoardEvent(boardOf('A'), { channel: 'appMessage', data: { action: 'create', message, ticket } });

    expect(next.tickets[0]?.lastMessage).toBe('Chegou?');
  });

  test("renames the cards of a contact whose name changed", () => {
    const next = applyBoardEvent(boardOf('A'), { channel: 'contact', data: { action: 'update', contact: { id: 'contact-1', name: 'Maria Silva', number: '5511888880000' } } });

    expect(next.tickets[0]?.contact).toEqual({ id: 'contact-1', name: 'Maria Silva', number: '5511888880000' });
  });

  test('answers the same board when the event changes nothing of it', () => {
    const board = boardOf('A');

    expect(applyBoardEvent(board, { channel: 'ticket', data: { action: 'delete', ticketId: 'Z' } })).toBe(board);
    expect(applyBoardEvent(board, { channel: 'ticket', data: { action: 'updateUnread', ticketId: 'A' } })).toBe(board);
    expect(applyBoardEvent(board, { channel: 'ticket', data: { action: 'update', ticket: { ...open('Z'), status: 'closed' } } })).toBe(board);
    expect(applyBoardEvent(board, { channel: 'contact', data: { action: 'update', contact: { id: 'other', name: 'X', number: '1' } } })).toBe(board);
  });
});

describe('applyToBoards', () => {
  test("applies an event to every loaded board and leaves the ticket lists alone", () => {
    const client = new QueryClient();
    const admin = queryKeys.tickets.kanban({ showAll: true, queueIds: [] });
    const agent = queryKeys.tickets.kanban({ showAll: false, queueIds: ['Q1'] });
    const list = queryKeys.tickets.list({ status: 'open' });
    client.setQueryData(admin, boardOf('A'));
    client.setQueryData(agent, boardOf('A', 'B'));
    client.setQueryData(list, { pages: [], pageParams: [] });

    storeBoardTicket(client, open('A', ['T1']));
    applyToBoards(client, { channel: 'ticket', data: { action: 'delete', ticketId: 'B' } });

    expect(client.getQueryData<KanbanBoard>(admin)?.tickets.map((card) => card.tags)).toEqual([['T1']]);
    expect(client.getQueryData<KanbanBoard>(agent)?.tickets.map((card) => [card.id, card.tags])).toEqual([['A', ['T1']]]);
    expect(client.getQueryData(list)).toEqual({ pages: [], pageParams: [] });
  });
});
