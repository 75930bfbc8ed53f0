import type { KanbanTicketDto } from '../../../../shared/tickets';
import { cardText } from '../../../../web/src/kanban/card-text';

const card = (changes: Partial<KanbanTicketDto> = {}): KanbanTicketDto => ({
  id: 'T-1',
  uuid: 'uuid-1',
  number: 42,
  status: 'open',
  queueId: null,
  userId: null,
  tags: [],
  contact: { id: 'C-1', name: 'Maria Souza', number: '5511999990000' },
  isGroup: false,
  lastMessage: 'Olá',
  updatedAt: '2025-01-01T10:00:00.000Z',
  ...changes,
});

describe('what a kanban card writes', () => {
  test('writes the ticket number and the contact name', () => {
    expect(cardText(card())).toMatchObject({ number: '#42', name: 'Maria Souza' });
  });

  test('writes a Brazilian number as the contacts list does, with its country and area codes apart', () => {
    expect(cardText(card()).phone).toBe('+55 (11) 99999-0000');
  });

  test('writes a foreign number with its plus sign, and a group id as it is', () => {
    expect(cardText(card({ contact: { id: 'C-2', name: 'John', number: '14155550100' } })).phone).toBe('+14155550100');
    expect(cardText(card({ isGroup: true, contact: { id: 'C-3', name: 'Equipe', number: '120363041234567890' } })).phone).toBe(
      '120363041234567890',
    );
  });

  test("shows the last message without WhatsApp's formatting markers, as the ticket list does", () => {
    expect(cardText(card({ lastMessage: '*Pedido* _urgente_ ~cancelado~ ```123```' })).message).toEqual({
      kind: 'text',
      text: 'Pedido urgente cancelado 123',
    });
  });

  test('keeps a marker inside a word or left open as it was typed', () => {
    expect(cardText(card({ lastMessage: 'arquivo_final.pdf custa 2*3' })).message).toEqual({
      kind: 'text',
      text: 'arquivo_final.pdf custa 2*3',
    });
  });

  test('names a location, a file or a deleted message by its kind rather than by its stored body', () => {
    expect(cardText(card({ lastMessage: 'image' })).message).toEqual({ kind: 'image' });
    expect(cardText(card({ lastMessage: 'application' })).message).toEqual({ kind: 'document' });
  });

  test('says there is no message yet when the ticket has none', () => {
    expect(cardText(card({ lastMessage: '' })).message).toEqual({ kind: 'none' });
  });
});
