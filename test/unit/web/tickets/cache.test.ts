import { QueryClient } from '@tanstack/react-query';
import type { TicketDto, TicketPage } from '../../../../shared/tickets';
import { queryKeys } from '../../../../web/src/api/query-keys';
import { applyToTicketLists, cachedTicket, storeTicket } from '../../../../web/src/tickets/ticket-cache';
import type { TicketListSpec, TicketPages, TicketViewer } from '../../../../web/src/tickets/ticket-lists';

const viewer: TicketViewer = { userId: 'U1', profile: 'admin', queueIds: ['Q1'], allTicket: 'desabled' };

const spec = (status: 'open' | 'pending'): TicketListSpec => ({ status, searchParam: '', queueIds: null, tags: [], users: [], showAll: true });

const ticket = (id: string, overrides: Partial<TicketDto> = {}): TicketDto => ({
  id,
  uuid: `uuid-${id}`,
  number: null,
  status: 'pending',
  contactId: `C${id}`,
  contact: { id: `C${id}`, name: `Contact ${id}`, number: '5511999990000', profilePicUrl: null },
  userId: null,
  user: null,
  queueId: 'Q1',
  queue: { id: 'Q1', name: 'Suporte', color: '#ff0000' },
  whatsappId: null,
  whatsapp: null,
  tags: [],
  isGroup: false,
  chatbot: false,
  useIntegration: false,
  promptId: null,
  integrationId: null,
  lastMessage: '',
  unreadMessages: 0,
  createdAt: '2025-02-01T10:00:00.000Z',
  updatedAt: '2025-02-01T10:00:00.000Z',
  ...overrides,
});

const listOf = (...tickets: TicketDto[]): TicketPages => ({
  pages: [{ tickets, hasMore: false, nextCursor: null } satisfies TicketPage],
  pageParams: [null],
});

const idsIn = (client: QueryClient, status: 'open' | 'pending') =>
  client.getQueryData<TicketPages>(queryKeys.tickets.list(spec(status)))?.pages.flatMap((page) => page.tickets.map((item) => item.id));

describe('the ticket lists in the server cache', () => {
  let client: QueryClient;

  beforeEach(() => {
    client = new QueryClient();
    client.setQueryData(queryKeys.tickets.list(spec('pending')), listOf(ticket('T1'), ticket('T2')));
    client.setQueryData(queryKeys.tickets.list(spec('open')), listOf());
  });

  afterEach(() => client.clear());

  test('moves an accepted ticket from the pending list to the open one', () => {
    // Prepare
    const accepted = ticket('T1', { status: 'open', userId: 'U1', updatedAt: '2025-02-01T11:00:00.000Z' });

    // Act
    storeTicket(client, viewer, accepted);

    // Assess
    expect(idsIn(client, 'pending')).toEqual(['T2']);
    expect(idsIn(client, 'open')).toEqual(['T1']);
  });

  test('updates the open conversation of the ticket when one is loaded', () => {
    // Prepare
    client.setQueryData(queryKeys.tickets.one('T1'), ticket('T1'));
    const changed = ticket('T1', { lastMessage: 'oi', updatedAt: '2025-02-01T11:00:00.000Z' });

    // Act
    applyToTicketLists(client, viewer, { channel: 'appMessage', data: { action: 'create', ticket: changed } });

    // Assess
    expect(client.getQueryData<TicketDto>(queryKeys.tickets.one('T1'))?.lastMessage).toBe('oi');
  });

  test('leaves ticket lists of another shape under the same key prefix alone', () => {
    // Prepare
    const foreign = { tickets: [ticket('T9')] };
    client.setQueryData(queryKeys.tickets.list({ kanban: true }), foreign);

    // Act
    applyToTicketLists(client, viewer, { channel: 'ticket', data: { action: 'delete', ticketId: 'T9' } });

    // Assess
    expect(client.getQueryData(queryKeys.tickets.list({ kanban: true }))).toBe(foreign);
  });

  test('finds a loaded ticket by its uuid', () => {
    expect(cachedTicket(client, 'uuid-T2')?.id).toBe('T2');
    expect(cachedTicket(client, 'uuid-T7')).toBeUndefined();
  });
});
