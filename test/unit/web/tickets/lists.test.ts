import type { ContactDto } from '../../../../shared/contacts';
import type { TicketDto, TicketPage } from '../../../../shared/tickets';
import {
  applyTicketEvent,
  belongsToList,
  countLabel,
  hasMorePages,
  isRouteTicket,
  isTicketUuid,
  nearBottom,
  ticketListQuery,
  ticketsOf,
  upsertTicket,
  type TicketListSpec,
  type TicketPages,
  type TicketViewer,
} from '../../../../web/src/tickets/ticket-lists';

const agent: TicketViewer = { userId: 'U1', profile: 'user', queueIds: ['Q1'], allTicket: 'desabled' };
const admin: TicketViewer = { userId: 'A1', profile: 'admin', queueIds: ['Q1'], allTicket: 'desabled' };

const spec = (overrides: Partial<TicketListSpec> = {}): TicketListSpec => ({
  status: 'pending',
  searchParam: '',
  queueIds: null,
  tags: [],
  users: [],
  showAll: false,
  ...overrides,
});

const ticket = (id: string, overrides: Partial<TicketDto> = {}): TicketDto => ({
  id,
  uuid: `00000000-0000-4000-8000-0000000000${id.slice(-2).padStart(2, '0')}`,
  number: null,
  status: 'pending',
  contactId: `C${id}`,
  contact: { id: `C${id}`, name: `Contact ${id}`, number: '5511999990000', profilePicUrl: null, updatedAt: '2024-01-01T00:00:00.000Z' },
  userId: null,
  user: null,
  queueId: 'Q1',
  queue: { id: 'Q1', name: 'Suporte', color: '#ff0000' },
  whatsappId: 'W1',
  whatsapp: { id: 'W1', name: 'Main' },
  tags: [],
  isGroup: false,
  chatbot: false,
  useIntegration: false,
  promptId: null,
  integrationId: null,
  lastMessage: 'hello',
  customerMessageAt: null,
  unreadMessages: 0,
  createdAt: '2025-02-01T10:00:00.000Z',
  updatedAt: '2025-02-01T10:00:00.000Z',
  ...overrides,
});

const at = (minute: number) => `2025-02-01T10:${String(minute).padStart(2, '0')}:00.000Z`;

const pagesOf = (...pages: { tickets: TicketDto[]; hasMore: boolean }[]): TicketPages => ({
  pages: pages.map((page): TicketPage => ({ ...page, nextCursor: page.hasMore ? 'next' : null })),
  pageParams: pages.map((_, index) => (index === 0 ? null : `cursor${index}`)),
});

const ids = (data: TicketPages) => ticketsOf(data).map((item) => item.id);

describe('ticketListQuery', () => {
  test('asks for the status only when the filters are untouched', () => {
    expect(ticketListQuery(spec({ status: 'open' }))).toEqual({ status: 'open' });
  });

  test('sends the picked ids as JSON arrays, the trimmed search, show-all and the cursor', () => {
    // Prepare
    const search = spec({ status: undefined, searchParam: '  maria ', queueIds: ['Q1', 'Q2'], tags: ['T1'], users: ['U2'], showAll: true });

    // Act
    const query = ticketListQuery(search, 'abc');

    // Assess
    expect(query).toEqual({
      searchParam: 'maria',
      queueIds: '["Q1","Q2"]',
      tags: '["T1"]',
      users: '["U2"]',
      showAll: 'true',
      cursor: 'abc',
    });
  });

  test('asks for tickets without a queue only when every queue is unpicked', () => {
    expect(ticketListQuery(spec({ queueIds: [] })).queueIds).toBe('["none"]');
  });
});

describe('belongsToList', () => {
  test('keeps tickets of the list status only', () => {
    expect(belongsToList(ticket('T01', { status: 'open' }), spec(), agent)).toBe(false);
    expect(belongsToList(ticket('T01'), spec(), agent)).toBe(true);
  });

  test('hides another queue from an agent even when show-all is asked for', () => {
    expect(belongsToList(ticket('T01', { queueId: 'Q2' }), spec({ showAll: true }), agent)).toBe(false);
  });

  test('shows another queue to an admin with show-all on, and not with it off', () => {
    const other = ticket('T01', { queueId: 'Q2' });
    expect(belongsToList(other, spec({ showAll: true }), admin)).toBe(true);
    expect(belongsToList(other, spec({ showAll: false }), admin)).toBe(false);
  });

  test('shows a ticket without a queue to an agent only with allTicket enabled', () => {
    const noQueue = ticket('T01', { queueId: null, queue: null });
    expect(belongsToList(noQueue, spec(), agent)).toBe(false);
    expect(belongsToList(noQueue, spec(), { ...agent, allTicket: 'enabled' })).toBe(true);
  });

  test('drops a ticket whose queue is not among the picked queues, but never one without a queue', () => {
    const picked = spec({ showAll: true, queueIds: ['Q3'] });
    expect(belongsToList(ticket('T01', { queueId: 'Q2' }), picked, admin)).toBe(false);
    expect(belongsToList(ticket('T02', { queueId: null }), picked, admin)).toBe(true);
  });

  test('keeps tickets of the picked users and of any picked tag', () => {
    const tagged = ticket('T01', { userId: 'U2', tags: ['T9'] });
    expect(belongsToList(tagged, spec({ users: ['U2'] }), agent)).toBe(true);
    expect(belongsToList(tagged, spec({ users: ['U3'] }), agent)).toBe(false);
    expect(belongsToList(tagged, spec({ tags: ['T8', 'T9'] }), agent)).toBe(true);
    expect(belongsToList(tagged, spec({ tags: ['T8'] }), agent)).toBe(false);
  });

  test('compares the profile without case', () => {
    expect(belongsToList(ticket('T01', { queueId: 'Q2' }), spec({ showAll: true }), { ...admin, profile: 'Admin' })).toBe(true);
  });
});

describe('upsertTicket', () => {
  test('moves an updated ticket to the top of the list', () => {
    // Prepare
    const data = pagesOf({ tickets: [ticket('T03', { updatedAt: at(3) }), ticket('T02', { updatedAt: at(2) }), ticket('T01', { updatedAt: at(1) })], hasMore: false });

    // Act
    const next = upsertTicket(data, ticket('T01', { updatedAt: at(9), lastMessage: 'new' }), spec(), agent);

    // Assess
    expect(ids(next)).toEqual(['T01', 'T03', 'T02']);
    expect(ticketsOf(next)[0]?.lastMessage).toBe('new');
  });

  test('removes a ticket that left the list status', () => {
    const data = pagesOf({ tickets: [ticket('T01')], hasMore: false });

    const next = upsertTicket(data, ticket('T01', { status: 'open', updatedAt: at(5) }), spec(), agent);

    expect(ids(next)).toEqual([]);
  });

  test('removes a ticket moved to a queue that is not picked', () => {
    const data = pagesOf({ tickets: [ticket('T01')], hasMore: false });

    const next = upsertTicket(data, ticket('T01', { queueId: 'Q2', updatedAt: at(5) }), spec({ showAll: true, queueIds: ['Q1'] }), admin);

    expect(ids(next)).toEqual([]);
  });

  test('inserts a new ticket in its place among the loaded ones', () => {
    const data = pagesOf({ tickets: [ticket('T03', { updatedAt: at(3) }), ticket('T01', { updatedAt: at(1) })], hasMore: true });

    const next = upsertTicket(data, ticket('T02', { updatedAt: at(2) }), spec(), agent);

    expect(ids(next)).toEqual(['T03', 'T02', 'T01']);
  });

  test('leaves a ticket older than the loaded pages to the next page', () => {
    const data = pagesOf({ tickets: [ticket('T03', { updatedAt: at(3) })], hasMore: true });

    const next = upsertTicket(data, ticket('T02', { updatedAt: at(2) }), spec(), agent);

    expect(next).toBe(data);
  });

  test('appends an older ticket when the list has nothing more to load', () => {
    const data = pagesOf({ tickets: [ticket('T03', { updatedAt: at(3) })], hasMore: false });

    const next = upsertTicket(data, ticket('T02', { updatedAt: at(2) }), spec(), agent);

    expect(ids(next)).toEqual(['T03', 'T02']);
  });

  test('puts a new ticket into an empty list', () => {
    const data = pagesOf({ tickets: [], hasMore: false });

    expect(ids(upsertTicket(data, ticket('T01'), spec(), agent))).toEqual(['T01']);
  });

  test('never adds a ticket to a search list, whose matches only the server knows', () => {
    const data = pagesOf({ tickets: [], hasMore: false });

    const next = upsertTicket(data, ticket('T01'), spec({ status: undefined, searchParam: 'maria' }), agent);

    expect(next).toBe(data);
  });

  test('updates a ticket already shown in a search list', () => {
    const data = pagesOf({ tickets: [ticket('T01')], hasMore: false });

    const next = upsertTicket(data, ticket('T01', { unreadMessages: 3, updatedAt: at(4) }), spec({ status: undefined, searchParam: 'maria' }), agent);

    expect(ticketsOf(next)[0]?.unreadMessages).toBe(3);
  });

  test('ignores an older picture of a ticket arriving after a newer one', () => {
    const data = pagesOf({ tickets: [ticket('T01', { updatedAt: at(5), lastMessage: 'newer' })], hasMore: false });

    const next = upsertTicket(data, ticket('T01', { updatedAt: at(4), lastMessage: 'older' }), spec(), agent);

    expect(ticketsOf(next)[0]?.lastMessage).toBe('newer');
  });

  test('takes a new preview of a ticket whose updatedAt stayed, as after an edit or a deletion of the message it shows', () => {
    const data = pagesOf({ tickets: [ticket('T01', { updatedAt: at(5), lastMessage: 'Pedido 12' })], hasMore: false });

    const next = upsertTicket(data, ticket('T01', { updatedAt: at(5), lastMessage: 'Pedido 123' }), spec(), agent);

    expect(ticketsOf(next)[0]?.lastMessage).toBe('Pedido 123');
  });

  test('moves a ticket from a later page to the first one', () => {
    const data = pagesOf(
      { tickets: [ticket('T04', { updatedAt: at(4) }), ticket('T03', { updatedAt: at(3) })], hasMore: true },
      { tickets: [ticket('T02', { updatedAt: at(2) }), ticket('T01', { updatedAt: at(1) })], hasMore: false },
    );

    const next = upsertTicket(data, ticket('T01', { updatedAt: at(8) }), spec(), agent);

    expect(ids(next)).toEqual(['T01', 'T04', 'T03', 'T02']);
    expect(next.pages[1]?.tickets.map((item) => item.id)).toEqual(['T02']);
    expect(next.pageParams).toBe(data.pageParams);
  });
});

describe('applyTicketEvent', () => {
  test('removes a deleted ticket', () => {
    const data = pagesOf({ tickets: [ticket('T02'), ticket('T01')], hasMore: false });

    const next = applyTicketEvent(data, { channel: 'ticket', data: { action: 'delete', ticketId: 'T01' } }, spec(), agent);

    expect(ids(next)).toEqual(['T02']);
  });

  test('clears the unread badge of a ticket that was read', () => {
    const data = pagesOf({ tickets: [ticket('T01', { unreadMessages: 4 })], hasMore: false });

    const next = applyTicketEvent(data, { channel: 'ticket', data: { action: 'updateUnread', ticketId: 'T01' } }, spec(), agent);

    expect(ticketsOf(next)[0]?.unreadMessages).toBe(0);
  });

  test('brings the ticket of a new message to the top with its last message and unread count', () => {
    // Prepare
    const data = pagesOf({ tickets: [ticket('T02', { updatedAt: at(2) }), ticket('T01', { updatedAt: at(1) })], hasMore: false });
    const changed = ticket('T01', { updatedAt: at(7), lastMessage: 'oi', unreadMessages: 1 });

    // Act
    const next = applyTicketEvent(data, { channel: 'appMessage', data: { action: 'create', ticket: changed } }, spec(), agent);

    // Assess
    expect(ids(next)).toEqual(['T01', 'T02']);
    expect(ticketsOf(next)[0]).toMatchObject({ lastMessage: 'oi', unreadMessages: 1 });
  });

  test('renames the contact in the items of its tickets', () => {
    // Prepare
    const data = pagesOf({ tickets: [ticket('T01'), ticket('T02')], hasMore: false });
    const contact = { id: 'CT01', name: 'Maria', number: '5511988887777', profilePicUrl: null, updatedAt: '2025-03-01T10:00:00.000Z' } as ContactDto;

    // Act
    const next = applyTicketEvent(data, { channel: 'contact', data: { action: 'update', contact } }, spec(), agent);

    // Assess
    expect(ticketsOf(next).map((item) => item.contact.name)).toEqual(['Maria', 'Contact T02']);
  });

  test('keeps the same list object when the event does not concern it', () => {
    const data = pagesOf({ tickets: [ticket('T01')], hasMore: false });

    expect(applyTicketEvent(data, { channel: 'ticket', data: { action: 'delete', ticketId: 'T99' } }, spec(), agent)).toBe(data);
  });
});

describe('list helpers', () => {
  test('lists each ticket once even when it shows on two pages', () => {
    const data = pagesOf({ tickets: [ticket('T02'), ticket('T01')], hasMore: true }, { tickets: [ticket('T01')], hasMore: false });

    expect(ids(data)).toEqual(['T02', 'T01']);
    expect(hasMorePages(data)).toBe(false);
  });

  test('writes a count with + while more pages wait', () => {
    expect(countLabel(20, true)).toBe('20+');
    expect(countLabel(3, false)).toBe('3');
  });

  test('is near the bottom within 100 px and not farther', () => {
    expect(nearBottom({ scrollTop: 400, scrollHeight: 1000, clientHeight: 500 })).toBe(true);
    expect(nearBottom({ scrollTop: 399, scrollHeight: 1000, clientHeight: 500 })).toBe(false);
  });

  test('is never near the bottom of a list not on screen (the hidden panel of a phone), so it loads no more pages there', () => {
    expect(nearBottom({ scrollTop: 0, scrollHeight: 0, clientHeight: 0 })).toBe(false);
  });

  test('matches the route ticket by id or uuid', () => {
    const item = ticket('T01');
    expect(isRouteTicket('T01', item)).toBe(true);
    expect(isRouteTicket(item.uuid, item)).toBe(true);
    expect(isRouteTicket(undefined, item)).toBe(false);
    expect(isTicketUuid(item.uuid)).toBe(true);
    expect(isTicketUuid('01JABCDEF')).toBe(false);
  });
});
