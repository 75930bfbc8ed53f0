import { QueryClient } from '@tanstack/react-query';
import type { ContactDto } from '../../../../shared/contacts';
import type { TicketDto, TicketPage } from '../../../../shared/tickets';
import { queryKeys } from '../../../../web/src/api/query-keys';
import { applyToTicketLists, cachedTicket, shareTicket, shareTicketPages, storeContact, storeOpenedTicket, storeTicket } from '../../../../web/src/tickets/ticket-cache';
import type { TicketListSpec, TicketPages, TicketViewer } from '../../../../web/src/tickets/ticket-lists';

const viewer: TicketViewer = { userId: 'U1', profile: 'admin', queueIds: ['Q1'], allTicket: 'desabled' };

const spec = (status: 'open' | 'pending'): TicketListSpec => ({ status, searchParam: '', queueIds: null, tags: [], users: [], showAll: true });

const ticket = (id: string, overrides: Partial<TicketDto> = {}): TicketDto => ({
  id,
  uuid: `uuid-${id}`,
  number: null,
  status: 'pending',
  contactId: `C${id}`,
  contact: { id: `C${id}`, name: `Contact ${id}`, number: '5511999990000', profilePicUrl: null, updatedAt: '2024-01-01T00:00:00.000Z' },
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
  customerMessageAt: null,
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

  test("finds an accepted ticket for the route and the conversation from the accept's answer, though no loaded page of the lists holds it", () => {
    // Prepare: a long Assigned list whose loaded page ends after the accepted ticket's place.
    const later = (id: string) => ticket(id, { status: 'open', userId: 'U1', updatedAt: '2025-02-01T12:00:00.000Z' });
    client.setQueryData(queryKeys.tickets.list(spec('open')), {
      pages: [{ tickets: [later('T5'), later('T6')], hasMore: true, nextCursor: 'c2' } satisfies TicketPage],
      pageParams: [null],
    });
    const accepted = ticket('T1', { status: 'open', userId: 'U1', updatedAt: '2025-02-01T11:00:00.000Z' });

    // Act
    storeTicket(client, viewer, accepted);
    storeOpenedTicket(client, accepted);

    // Assess
    expect(cachedTicket(client, 'uuid-T1')).toBeUndefined();
    expect(client.getQueryData<TicketDto>(queryKeys.tickets.byUuid('uuid-T1'))).toEqual(accepted);
    expect(client.getQueryData<TicketDto>(queryKeys.tickets.one('T1'))).toEqual(accepted);
  });

  test('finds a loaded ticket by its uuid', () => {
    expect(cachedTicket(client, 'uuid-T2')?.id).toBe('T2');
    expect(cachedTicket(client, 'uuid-T7')).toBeUndefined();
  });
});

describe("a contact renamed while its tickets' copies catch up (issue 27)", () => {
  // Three versions of contact CT: the names the drawer saved, in order.
  const v1 = { id: 'CT', name: 'Ana', number: '5511999990000', profilePicUrl: null, updatedAt: '2025-03-01T10:00:00.000Z' };
  const v2 = { ...v1, name: 'Ana Souza', updatedAt: '2025-03-01T10:00:05.000Z' };
  const v3 = { ...v1, name: 'Ana Souza Lima', updatedAt: '2025-03-01T10:00:09.000Z' };
  const contactDto = (summary: typeof v1): ContactDto => ({ ...summary, email: '', extraInfo: [], isGroup: false, whatsapp: null, createdAt: v1.updatedAt });
  const ofContact = (id: string, contact: typeof v1, overrides: Partial<TicketDto> = {}) =>
    ticket(id, { contactId: 'CT', contact, status: 'open', userId: 'U1', ...overrides });
  const openNames = (client: QueryClient) =>
    client.getQueryData<TicketPages>(queryKeys.tickets.list(spec('open')))?.pages.flatMap((page) => page.tickets.map((item) => item.contact.name));
  const headerName = (client: QueryClient) => client.getQueryData<TicketDto>(queryKeys.tickets.one('T1'))?.contact.name;

  let client: QueryClient;

  beforeEach(() => {
    client = new QueryClient();
    client.setQueryData(queryKeys.tickets.list(spec('open')), listOf(ofContact('T1', v1), ofContact('T2', v1)));
    client.setQueryData(queryKeys.tickets.one('T1'), ofContact('T1', v1));
  });

  afterEach(() => client.clear());

  test("shows the drawer's answer at once in the list and the open ticket", () => {
    storeContact(client, contactDto(v2));

    expect(openNames(client)).toEqual(['Ana Souza', 'Ana Souza']);
    expect(headerName(client)).toBe('Ana Souza');
  });

  test("keeps the last name when the worker's ticket event of the rename before arrives after it", () => {
    // Prepare: renamed twice; the second rename's contact event is already applied.
    applyToTicketLists(client, viewer, { channel: 'contact', data: { action: 'update', contact: contactDto(v3) } });

    // Act: the ticket-rows worker publishes the ticket with the first rename's copy.
    applyToTicketLists(client, viewer, { channel: 'ticket', data: { action: 'update', ticket: ofContact('T1', v2) } });

    // Assess
    expect(openNames(client)).toEqual(['Ana Souza Lima', 'Ana Souza Lima']);
    expect(headerName(client)).toBe('Ana Souza Lima');
  });

  test("keeps the new name when a newer change of the ticket still carries the contact's copy of before", () => {
    applyToTicketLists(client, viewer, { channel: 'contact', data: { action: 'update', contact: contactDto(v2) } });
    const message = ofContact('T1', v1, { lastMessage: 'oi', updatedAt: '2025-03-01T10:00:07.000Z' });

    applyToTicketLists(client, viewer, { channel: 'appMessage', data: { action: 'create', ticket: message } });

    expect(openNames(client)).toEqual(['Ana Souza', 'Ana Souza']);
    expect(headerName(client)).toBe('Ana Souza');
    expect(client.getQueryData<TicketDto>(queryKeys.tickets.one('T1'))?.lastMessage).toBe('oi');
  });

  test("ignores a contact event older than the name shown, and takes the newer copy a ticket event brings to the contact's other tickets", () => {
    applyToTicketLists(client, viewer, { channel: 'ticket', data: { action: 'update', ticket: ofContact('T1', v3) } });
    applyToTicketLists(client, viewer, { channel: 'contact', data: { action: 'update', contact: contactDto(v2) } });

    expect(openNames(client)).toEqual(['Ana Souza Lima', 'Ana Souza Lima']);
    expect(headerName(client)).toBe('Ana Souza Lima');
  });

  test('keeps the new name when a list or the open ticket is read again with the copies of before the rename', () => {
    storeContact(client, contactDto(v3));
    const list = client.getQueryData<TicketPages>(queryKeys.tickets.list(spec('open')));
    const stale = listOf(ofContact('T1', v2), ofContact('T2', v2), ticket('T3'));

    const shared = shareTicketPages(list, stale) as TicketPages;
    const one = shareTicket(client.getQueryData(queryKeys.tickets.one('T1')), ofContact('T1', v2, { lastMessage: 'lido' })) as TicketDto;

    expect(shared.pages[0]?.tickets.map((item) => item.contact.name)).toEqual(['Ana Souza Lima', 'Ana Souza Lima', 'Contact T3']);
    expect(one).toMatchObject({ lastMessage: 'lido', contact: { name: 'Ana Souza Lima' } });
  });

  test('takes a newer name from a list read again', () => {
    const list = client.getQueryData<TicketPages>(queryKeys.tickets.list(spec('open')));

    const shared = shareTicketPages(list, listOf(ofContact('T1', v2), ofContact('T2', v2))) as TicketPages;

    expect(shared.pages[0]?.tickets.map((item) => item.contact.name)).toEqual(['Ana Souza', 'Ana Souza']);
  });
});
