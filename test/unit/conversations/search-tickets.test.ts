/**
 * The ticket search: it filters and orders the candidates on what its indexes carry and reads whole only
 * the tickets of the page; a stale index copy never shows a ticket outside the caller's scope; pages
 * follow one another by position; a ticket number finds that ticket only; a contact's name is one Query
 * of the name index, a number's start goes through the contacts.
 */
import { BatchGetCommand, DynamoDBDocumentClient, GetCommand, QueryCommand, type BatchGetCommandInput, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import type { Caller } from '../../../functions/core/caller/load-caller';
import { scopeOf, type ScopeFilters } from '../../../functions/core/conversations/list-tickets';
import { SEARCH_READ_BUDGET, searchTickets, ticketNumberOf } from '../../../functions/core/conversations/search-tickets';
import { ticketItem, type Ticket } from '../../../functions/core/repositories/tickets';
import { nameEntryItems } from '../../../functions/core/repositories/name-index';
import { wordEntryItems, wordMarkItems } from '../../../functions/core/repositories/word-index';
import { storedTicket } from '../../support/stored-ticket';

process.env.TABLE_NAME = 'table-under-test';
process.env.LOG_LEVEL = 'silent';

const ddb = mockClient(DynamoDBDocumentClient);

const callerOf = (profile: string, queueIds: string[] = ['Q1'], allTicket = 'disabled') =>
  ({ companyId: 'C1', userId: 'U1', isAdmin: profile === 'admin', user: { profile, queueIds, allTicket } }) as unknown as Caller;
const scope = (caller: Caller, filters: Partial<ScopeFilters> = {}) => scopeOf(caller, { queueIds: [], showAll: true, ...filters });

const minute = (n: number) => new Date(Date.UTC(2030, 0, 1, 0, n)).toISOString();

function ticketOf(n: number, fields: Partial<Ticket> = {}): Ticket {
  return storedTicket({
    id: `T${String(n).padStart(4, '0')}`,
    uuid: `u${n}`,
    number: n,
    status: 'open',
    contactId: `K${n}`,
    createdAt: minute(0),
    updatedAt: minute(n),
    ...fields,
  });
}

/** The table as the search reads it: tickets, word entries, contacts and their tickets, number pointers. */
interface World {
  tickets: Ticket[];
  /** Word entries: the ticket as it was when it wrote the text, and when. */
  words: { ticket: Ticket; text: string; at: string }[];
  contacts?: { id: string; tickets: Ticket[] }[];
  /** Name-index entries: the ticket as it was when written, and its contact's name. */
  names?: { ticket: Ticket; name: string }[];
}

function serve(world: World): void {
  const tickets = new Map(world.tickets.map((ticket) => [ticket.id, ticket]));
  const entries = [
    ...world.words.flatMap(({ ticket, text, at }) => wordEntryItems(ticket, text, at)),
    ...(world.names ?? []).flatMap(({ ticket, name }) => nameEntryItems(ticket, name)),
  ];
  ddb.on(QueryCommand).callsFake((input: QueryCommandInput) => {
    const pk = String(input.ExpressionAttributeValues?.[':pk']);
    if (input.IndexName === 'GSI3') {
      const contact = world.contacts?.find((each) => pk.endsWith(`#TKC#${each.id}`));
      return { Items: (contact?.tickets ?? []).map(ticketItem).sort((a, b) => (a.GSI3SK < b.GSI3SK ? 1 : -1)).slice(0, input.Limit) };
    }
    if (input.IndexName) return { Items: pk.endsWith('#CTNAME') ? (world.contacts ?? []).map((contact) => ({ id: contact.id })) : [] };
    const rest = String(input.ExpressionAttributeValues?.[':rest'] ?? '');
    const newestFirst = input.ScanIndexForward === false ? 1 : -1;
    const all = entries
      .filter((entry) => entry.PK === pk && String(entry.SK).startsWith(rest))
      .sort((a, b) => (String(a.SK) < String(b.SK) ? newestFirst : -newestFirst));
    const start = input.ExclusiveStartKey ? all.findIndex((entry) => entry.SK === input.ExclusiveStartKey?.SK) + 1 : 0;
    const page = all.slice(start, start + (input.Limit ?? all.length));
    return { Items: page, ...(start + page.length < all.length ? { LastEvaluatedKey: { PK: pk, SK: page.at(-1)?.SK } } : {}) };
  });
  ddb.on(GetCommand).callsFake(({ Key }: { Key: { PK: string; SK: string } }) => {
    const number = /#TKNUM#(\d+)$/.exec(Key.PK)?.[1];
    const numbered = world.tickets.find((ticket) => String(ticket.number) === number);
    if (numbered) return { Item: { ticketId: numbered.id } };
    const ticket = Key.SK === 'TICKET' ? tickets.get(Key.PK.split('#TK#')[1] ?? '') : undefined;
    return ticket ? { Item: ticketItem(ticket) } : {};
  });
  const marks = new Set(
    world.words.flatMap(({ ticket, text, at }) => wordMarkItems(ticket, [{ body: text, createdAt: at }])).map((mark) => `${String(mark.PK)} ${String(mark.SK)}`),
  );
  ddb.on(BatchGetCommand).callsFake((input: BatchGetCommandInput) => {
    const wanted = input.RequestItems?.['table-under-test']?.Keys ?? [];
    const found = wanted.flatMap((key) => {
      if (String(key.SK).startsWith('WORD#')) return marks.has(`${String(key.PK)} ${String(key.SK)}`) ? [key] : [];
      const ticket = key.SK === 'TICKET' ? tickets.get(String(key.PK).split('#TK#')[1] ?? '') : undefined;
      return ticket ? [ticketItem(ticket)] : [];
    });
    return { Responses: { 'table-under-test': found } };
  });
}

/** The ticket keys the search asked BatchGet and GetItem for: what it read whole. */
const ticketsRead = () => [
  ...ddb.commandCalls(BatchGetCommand).flatMap((call) => (call.args[0].input.RequestItems?.['table-under-test']?.Keys ?? []).filter((key) => key.SK === 'TICKET')),
  ...ddb.commandCalls(GetCommand).filter((call) => call.args[0].input.Key?.SK === 'TICKET'),
];
const idsOf = (page: { tickets: { id: string }[] }) => page.tickets.map((ticket) => ticket.id);
/** The tickets whose word marks each BatchGet asked for, call by call (calls that asked none left out). */
const markChecks = () =>
  ddb
    .commandCalls(BatchGetCommand)
    .map((call) => (call.args[0].input.RequestItems?.['table-under-test']?.Keys ?? []).filter((key) => String(key.SK).startsWith('WORD#')))
    .filter((keys) => keys.length > 0)
    .map((keys) => keys.map((key) => String(key.PK).split('#TK#')[1]));

beforeEach(() => {
  ddb.reset();
});

describe('searchTickets', () => {
  it('reads whole only the tickets of the page, however many the word finds', async () => {
    const tickets = Array.from({ length: 80 }, (_, n) => ticketOf(n + 1));
    serve({ tickets, words: tickets.map((ticket) => ({ ticket, text: 'Seu pedido chegou', at: ticket.updatedAt })) });

    const page = await searchTickets(scope(callerOf('admin')), 'pedido', 0);

    expect(idsOf(page)).toEqual(tickets.slice(-20).reverse().map((ticket) => ticket.id));
    expect(page.nextOffset).toBe(20);
    expect(ticketsRead()).toHaveLength(20);
  });

  it('never shows a ticket outside the scope when the index copy is stale, and reads on to fill the page', async () => {
    // Forty tickets wrote the word while in the agent's queue; the newest ten moved to another queue since.
    const then = Array.from({ length: 40 }, (_, n) => ticketOf(n + 1, { queueId: 'Q1' }));
    const now = then.map((ticket, n) => (n >= 30 ? { ...ticket, queueId: 'Q2' } : ticket));
    serve({ tickets: now, words: then.map((ticket) => ({ ticket, text: 'boleto', at: ticket.updatedAt })) });

    const page = await searchTickets(scope(callerOf('user', ['Q1'])), 'boleto', 0);

    expect(page.tickets.every((ticket) => ticket.queueId === 'Q1')).toBe(true);
    expect(idsOf(page)).toEqual(now.slice(10, 30).reverse().map((ticket) => ticket.id));
    expect(ticketsRead()).toHaveLength(30);
    expect(page.nextOffset).toBe(30);
  });

  it('stops reading at its budget when copies keep turning out stale, and says where to go on', async () => {
    const then = Array.from({ length: 100 }, (_, n) => ticketOf(n + 1, { queueId: 'Q1' }));
    const now = then.map((ticket) => ({ ...ticket, status: 'closed' as const }));
    serve({ tickets: now, words: then.map((ticket) => ({ ticket, text: 'boleto', at: ticket.updatedAt })) });

    const page = await searchTickets(scope(callerOf('admin'), { status: 'open' }), 'boleto', 0);

    expect(page.tickets).toEqual([]);
    expect(ticketsRead()).toHaveLength(SEARCH_READ_BUDGET);
    expect(page.nextOffset).toBe(SEARCH_READ_BUDGET);
  });

  it("does not read a ticket whose copy is in a queue the caller does not see, but reads one that had no queue yet", async () => {
    const elsewhere = ticketOf(1, { queueId: 'Q2' });
    const waiting = ticketOf(2, { queueId: null });
    // Since written: the waiting one chose the agent's queue in the bot menu.
    serve({ tickets: [elsewhere, { ...waiting, queueId: 'Q1' }], words: [elsewhere, waiting].map((ticket) => ({ ticket, text: 'pedido', at: ticket.updatedAt })) });

    const page = await searchTickets(scope(callerOf('user', ['Q1'])), 'pedido', 0);

    expect(idsOf(page)).toEqual([waiting.id]);
    expect(ticketsRead().map((key) => ('PK' in key ? key.PK : ''))).toEqual(['C#C1#TK#T0002']);
    expect(page.nextOffset).toBeNull();
  });

  it('pages by position: the next page starts after the last candidate examined and ends the list', async () => {
    const tickets = Array.from({ length: 30 }, (_, n) => ticketOf(n + 1));
    serve({ tickets, words: tickets.map((ticket) => ({ ticket, text: 'entrega', at: ticket.updatedAt })) });
    const caller = scope(callerOf('admin'));

    const first = await searchTickets(caller, 'entrega', 0);
    const second = await searchTickets(caller, 'entrega', first.nextOffset ?? -1);

    expect(first.nextOffset).toBe(20);
    expect(idsOf(second)).toEqual(tickets.slice(0, 10).reverse().map((ticket) => ticket.id));
    expect(second.nextOffset).toBeNull();
    expect(new Set([...idsOf(first), ...idsOf(second)]).size).toBe(30);
  });

  it("finds a contact's tickets by a name word's start in one Query of the name index, cut on its copies, reading only those shown", async () => {
    const mine = ticketOf(1, { contactId: 'K1', queueId: 'Q1' });
    const otherQueue = ticketOf(2, { contactId: 'K1', queueId: 'Q2' });
    const otherName = ticketOf(3, { contactId: 'K2', queueId: 'Q1' });
    serve({
      tickets: [mine, otherQueue, otherName],
      words: [],
      names: [
        { ticket: mine, name: 'Ana Márcia' },
        { ticket: otherQueue, name: 'Ana Márcia' },
        { ticket: otherName, name: 'Marta' },
      ],
    });

    const page = await searchTickets(scope(callerOf('user', ['Q1'])), 'marc', 0);

    expect(idsOf(page)).toEqual([mine.id]);
    expect(ticketsRead()).toHaveLength(1);
    const nameQueries = ddb.commandCalls(QueryCommand).filter((call) => String(call.args[0].input.ExpressionAttributeValues?.[':pk']).includes('#NAME#'));
    expect(nameQueries.map((call) => call.args[0].input.ExpressionAttributeValues)).toEqual([{ ':pk': 'C#C1#NAME#mar', ':rest': 'c' }]);
    expect(ddb.commandCalls(QueryCommand).filter((call) => call.args[0].input.IndexName !== undefined)).toEqual([]);
  });

  it("judges the tickets of the contacts a number's start finds on their list index, exactly, and reads only those shown", async () => {
    const open = ticketOf(1, { contactId: 'K1', queueId: 'Q1' });
    const otherQueue = ticketOf(2, { contactId: 'K1', queueId: 'Q2' });
    serve({ tickets: [open, otherQueue], words: [], contacts: [{ id: 'K1', tickets: [open, otherQueue] }] });

    const page = await searchTickets(scope(callerOf('user', ['Q1'])), '5511', 0);

    expect(idsOf(page)).toEqual([open.id]);
    expect(ticketsRead()).toHaveLength(1);
    expect(ddb.commandCalls(QueryCommand).find((call) => call.args[0].input.IndexName === 'GSI3')?.args[0].input.ProjectionExpression).toEqual(expect.any(String));
  });

  it('finds the older tickets that use both of two words when each word has 150 newer tickets of its own', async () => {
    const both = Array.from({ length: 3 }, (_, n) => ticketOf(n + 1));
    const onlyFirst = Array.from({ length: 150 }, (_, n) => ticketOf(n + 101));
    const onlySecond = Array.from({ length: 150 }, (_, n) => ticketOf(n + 301));
    serve({
      tickets: [...both, ...onlyFirst, ...onlySecond],
      words: [
        ...both.map((ticket) => ({ ticket, text: 'Entrega atrasada', at: ticket.updatedAt })),
        ...onlyFirst.map((ticket) => ({ ticket, text: 'Entrega feita', at: ticket.updatedAt })),
        ...onlySecond.map((ticket) => ({ ticket, text: 'Resposta atrasada', at: ticket.updatedAt })),
      ],
    });

    const page = await searchTickets(scope(callerOf('admin')), 'entrega atrasada', 0);

    expect(idsOf(page)).toEqual(both.map((ticket) => ticket.id).reverse());
    expect(page.nextOffset).toBeNull();
    expect(ticketsRead()).toHaveLength(3);
  });

  it('continues a two-word search on page 2 without repeats when the first read stopped at the tickets page 1 asked for', async () => {
    // 350 tickets use the rarer word, ten minutes apart, every other one with the common word too; 2000
    // newer tickets use the common word only.
    const rare = Array.from({ length: 350 }, (_, n) => ticketOf(n + 1));
    const common = Array.from({ length: 2000 }, (_, n) => ticketOf(n + 1001));
    const both = rare.filter((_, n) => n % 2 === 0);
    serve({
      tickets: [...rare, ...common],
      words: [
        ...rare.map((ticket, n) => ({ ticket, text: n % 2 === 0 ? 'Reembolso do pedido' : 'Reembolso', at: minute(n * 10) })),
        ...common.map((ticket, n) => ({ ticket, text: 'Pedido', at: minute(5000 + n) })),
      ],
    });
    const caller = scope(callerOf('admin'));

    const first = await searchTickets(caller, 'reembolso pedido', 0);
    const second = await searchTickets(caller, 'reembolso pedido', first.nextOffset ?? -1);

    const newestFirst = both.map((ticket) => ticket.id).reverse();
    expect(idsOf(first)).toEqual(newestFirst.slice(0, 20));
    expect(first.nextOffset).toBe(20);
    expect(idsOf(second)).toEqual(newestFirst.slice(20, 40));
    expect(second.nextOffset).toBe(40);
  });

  it("reads the words again for the tickets the scope may see when it leaves too few of those page 1 asked for, and page 2 goes on from there", async () => {
    // Every other ticket of the rarer word uses both words; one in five of those is in the agent's queue.
    const rare = Array.from({ length: 350 }, (_, n) => ticketOf(n + 1, { queueId: n % 10 === 0 ? 'Q1' : 'Q2' }));
    const common = Array.from({ length: 2000 }, (_, n) => ticketOf(n + 1001));
    serve({
      tickets: [...rare, ...common],
      words: [
        ...rare.map((ticket, n) => ({ ticket, text: n % 2 === 0 ? 'Reembolso do pedido' : 'Reembolso', at: minute(n * 10) })),
        ...common.map((ticket, n) => ({ ticket, text: 'Pedido', at: minute(5000 + n) })),
      ],
    });
    const agent = scope(callerOf('user', ['Q1']));

    const first = await searchTickets(agent, 'reembolso pedido', 0);
    const rereadChecks = markChecks().at(-1) ?? [];
    const second = await searchTickets(agent, 'reembolso pedido', first.nextOffset ?? -1);

    // The 35 tickets of the agent's queue that use both words, newest first: 20, then the other 15.
    const expected = rare.filter((_, n) => n % 10 === 0).map((ticket) => ticket.id).reverse();
    expect(idsOf(first)).toEqual(expected.slice(0, 20));
    expect(first.nextOffset).toBe(20);
    expect(idsOf(second)).toEqual(expected.slice(20));
    expect(second.nextOffset).toBeNull();
    // Read again, the words check the marks of the agent's queue's tickets only (their copies say so).
    expect(rereadChecks).toEqual(expected.slice(0, 20));
  });

  it('reads a one-word search as before: its newest 100 tickets, in one Query of 100 entries when each ticket uses the word once', async () => {
    const tickets = Array.from({ length: 150 }, (_, n) => ticketOf(n + 1));
    serve({ tickets, words: tickets.map((ticket) => ({ ticket, text: 'Entrega feita', at: ticket.updatedAt })) });

    const page = await searchTickets(scope(callerOf('admin')), 'entrega', 0);

    expect(idsOf(page)).toEqual(tickets.slice(-20).reverse().map((ticket) => ticket.id));
    const wordQueries = ddb.commandCalls(QueryCommand).filter((call) => String(call.args[0].input.ExpressionAttributeValues?.[':pk']).includes('#WORD#'));
    expect(wordQueries.map((call) => call.args[0].input.Limit)).toEqual([100]);
  });

  it('finds by #123 that ticket only, reading neither contacts nor words, and not outside the scope', async () => {
    const numbered = ticketOf(123, { queueId: 'Q1' });
    const other = ticketOf(7, { queueId: 'Q2' });
    serve({ tickets: [numbered, other], words: [{ ticket: other, text: 'pedido 123', at: other.updatedAt }] });

    expect(idsOf(await searchTickets(scope(callerOf('user', ['Q1'])), '#123', 0))).toEqual([numbered.id]);
    expect(ddb.commandCalls(QueryCommand)).toHaveLength(0);
    expect((await searchTickets(scope(callerOf('user', ['Q2'])), '#123', 0)).tickets).toEqual([]);
  });
});

describe('ticketNumberOf', () => {
  it('reads a ticket number written as #123, # 123 or 123', () => {
    expect(['#123', '# 123', '123', ' #7 '].map(ticketNumberOf)).toEqual([123, 123, 123, 7]);
  });

  it('reads nothing else as a ticket number: words, phone numbers, zero, a number inside a text', () => {
    expect(['#abc', '5511999990000', '#0', 'pedido 123', '12-3', '#'].map(ticketNumberOf)).toEqual([undefined, undefined, undefined, undefined, undefined, undefined]);
  });
});
