/**
 * What a list page costs once the caller is loaded: a page of GET /tickets, the kanban board and the
 * first page of a conversation are one DynamoDB Query each, and nothing else, when the tickets carry
 * their row copies (conversations/ticket-rows.ts; the board reads one partition per status it shows); tickets stored without copies are presented from
 * one batch read of just what they lack.
 */
import { BatchGetCommand, DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { KanbanQuery, ListTicketsQuery } from '../../../shared/tickets';
import { ListMessagesQuery } from '../../../shared/messages';
import { ticketListIndexes } from '../../../functions/core/repositories/keys';
import type { Ticket } from '../../../functions/core/repositories/tickets';
import type { Caller } from '../../../functions/core/caller/load-caller';
import { listTickets } from '../../../functions/core/conversations/list-tickets';
import { kanbanTickets } from '../../../functions/core/conversations/kanban';
import { listMessages } from '../../../functions/core/conversations/list-messages';
import { presentTickets } from '../../../functions/core/conversations/present-ticket';

process.env.TABLE_NAME = 'table-under-test';
process.env.LOG_LEVEL = 'silent';

const ddb = mockClient(DynamoDBDocumentClient);

const admin = {
  companyId: 'C1',
  userId: 'U1',
  isAdmin: true,
  user: { id: 'U1', name: 'Ana', profile: 'admin', queueIds: ['Q1'], allTicket: 'desabled', updatedAt: '2030-01-01T00:00:00.000Z' },
} as unknown as Caller;

const AT = '2029-12-01T00:00:00.000Z';

function stored(index: number, copies = true): Ticket {
  const updatedAt = new Date(Date.UTC(2030, 0, 1, 0, index)).toISOString();
  return {
    id: `T${String(index).padStart(3, '0')}`,
    uuid: `uuid-${index}`,
    companyId: 'C1',
    number: index + 1,
    status: 'open',
    contactId: `K${index}`,
    userId: 'U1',
    userName: 'Ana',
    queueId: 'Q1',
    whatsappId: 'W1',
    tagIds: ['G1'],
    isGroup: false,
    chatbot: false,
    useIntegration: false,
    promptId: null,
    integrationId: null,
    lastMessage: 'oi',
    unreadMessages: 0,
    createdAt: updatedAt,
    updatedAt,
    ...(copies
      ? {
          contactRow: { name: `Cliente ${index}`, number: `55119${index}`, profilePicUrl: null, at: AT },
          queueRow: { name: 'Vendas', color: '#ff0000', at: AT },
          connectionRow: { name: 'Principal', at: AT },
          userRow: { name: 'Ana', at: AT },
        }
      : {}),
  };
}

const item = (ticket: Ticket) => ({ ...ticketListIndexes(ticket), entity: 'ticket', ...ticket });

/** Every command the client sent, by name. */
const sent = () => ddb.calls().map((call) => (call.args[0] as object).constructor.name);

beforeEach(() => {
  ddb.reset();
});

describe('a page of GET /tickets', () => {
  it('is one Query when its tickets carry their copies, and shows the copies', async () => {
    const tickets = Array.from({ length: 25 }, (_, index) => stored(24 - index));
    ddb.on(QueryCommand).resolves({ Items: tickets.map(item), ScannedCount: tickets.length });

    const page = await listTickets(admin, ListTicketsQuery.parse({ status: 'open', showAll: 'true' }));

    expect(sent()).toEqual(['QueryCommand']);
    expect(page.tickets).toHaveLength(20);
    expect(page.tickets[0]).toMatchObject({
      contact: { id: 'K24', name: 'Cliente 24', number: '5511924', profilePicUrl: null },
      queue: { id: 'Q1', name: 'Vendas', color: '#ff0000' },
      whatsapp: { id: 'W1', name: 'Principal' },
      user: { id: 'U1', name: 'Ana' },
      tags: ['G1'],
    });
  });
});

describe('the kanban board', () => {
  it('is one Query per status it shows (pending, open) and nothing else when its tickets carry their copies', async () => {
    const tickets = Array.from({ length: 5 }, (_, index) => stored(4 - index));
    ddb.on(QueryCommand).resolves({ Items: tickets.map(item), ScannedCount: tickets.length });

    const board = await kanbanTickets(admin, KanbanQuery.parse({ showAll: 'true' }));

    // One partition per status the board shows (pending and open).
    expect(sent()).toEqual(['QueryCommand', 'QueryCommand']);
    expect(board.tickets[0]).toMatchObject({ contact: { id: 'K4', name: 'Cliente 4', number: '551194' }, tags: ['G1'] });
  });
});

describe('the first page of a conversation', () => {
  it('is one Query that reads the ticket with its messages', async () => {
    const ticket = stored(1);
    const messages = Array.from({ length: 21 }, (_, index) => ({
      PK: 'C#C1#TK#T001',
      SK: `MSG#01J0000000000000000000${String(99 - index).padStart(4, '0')}`,
      entity: 'message',
      id: `T001.01J0000000000000000000${String(99 - index).padStart(4, '0')}`,
      companyId: 'C1',
      ticketId: 'T001',
      contactId: 'K1',
      body: `mensagem ${index}`,
      fromMe: true,
      mediaType: 'chat',
      mediaKey: null,
      mediaName: null,
      mediaContentType: null,
      quotedMsg: null,
      isDeleted: false,
      isEdited: false,
      ack: 1,
      read: true,
      bot: false,
      userId: 'U1',
      whatsappMessageId: null,
      createdAt: AT,
      updatedAt: AT,
    }));
    ddb.on(QueryCommand).resolves({ Items: [item(ticket), ...messages] });

    const page = await listMessages(admin, 'T001', ListMessagesQuery.parse({}));

    expect(sent()).toEqual(['QueryCommand']);
    expect(ddb.commandCalls(QueryCommand)[0]?.args[0].input).toMatchObject({ ConsistentRead: true, ScanIndexForward: false });
    expect(page.messages).toHaveLength(20);
    expect(page.hasMore).toBe(true);
    expect(page.tickets).toEqual([expect.objectContaining({ id: 'T001' })]);
  });

  it('answers a ticket the caller may not open as before, without its messages', async () => {
    const agent = { ...admin, isAdmin: false, user: { ...admin.user, profile: 'user', queueIds: ['Q9'] } } as unknown as Caller;
    ddb.on(QueryCommand).resolves({ Items: [item(stored(1))] });

    await expect(listMessages(agent, 'T001', ListMessagesQuery.parse({}))).rejects.toMatchObject({ code: 'ERR_NO_PERMISSION' });
  });
});

describe('presentTickets', () => {
  it('reads, in one batch, only what the tickets stored without copies lack', async () => {
    ddb.on(BatchGetCommand).callsFake((input: { RequestItems: Record<string, { Keys: { PK: string; SK: string }[] }> }) => {
      const keys = Object.values(input.RequestItems).flatMap((request) => request.Keys);
      return {
        Responses: {
          'table-under-test': keys.map((key) =>
            key.SK === 'CONTACT'
              ? { ...key, id: 'K2', name: 'Antigo', number: '552', profilePicUrl: null }
              : key.SK.startsWith('QUEUE#')
                ? { id: 'Q1', name: 'Vendas', color: '#ff0000' }
                : { id: 'W1', name: 'Principal' },
          ),
        },
      };
    });

    const rows = await presentTickets('C1', [stored(1), stored(2, false)]);

    const keys = ddb.commandCalls(BatchGetCommand).flatMap((call) => Object.values(call.args[0].input.RequestItems ?? {}).flatMap((request) => request.Keys ?? []));
    expect(keys.map((key) => key.SK).sort()).toEqual(['CONTACT', 'QUEUE#Q1', 'WAPP#W1']);
    expect(keys.find((key) => key.SK === 'CONTACT')).toMatchObject({ PK: 'C#C1#CT#K2' });
    expect(rows.map((row) => row.contact.name)).toEqual(['Cliente 1', 'Antigo']);
    expect(rows[1]).toMatchObject({ queue: { name: 'Vendas' }, whatsapp: { name: 'Principal' } });
  });
});
