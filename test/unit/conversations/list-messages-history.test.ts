/**
 * What the history of a conversation costs (GET /messages/{ticketId} past the asked ticket's first
 * message): the contact's earlier tickets on the connection come from the chain the ticket kept at its
 * creation, or else from one index Query, their messages from Queries sent together, so a page costs a few sequential rounds however many tickets it crosses;
 * and the tickets it picks are those the one-ticket-at-a-time rule picks (repositories/contact-tickets.ts
 * earlierTicketsOfContact). DynamoDB is a fake over a few items that answers as the table would
 * (key condition, Limit, filter, pages).
 */
import { DynamoDBDocumentClient, GetCommand, QueryCommand, type GetCommandInput, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { ListMessagesQuery } from '../../../shared/messages';
import { ticketListIndexes } from '../../../functions/core/repositories/keys';
import { earlierTicketsOfContact } from '../../../functions/core/repositories/contact-tickets';
import type { Ticket } from '../../../functions/core/repositories/tickets';
import type { Caller } from '../../../functions/core/caller/load-caller';
import { listMessages } from '../../../functions/core/conversations/list-messages';
import { storedTicket } from '../../support/stored-ticket';

process.env.TABLE_NAME = 'table-under-test';
process.env.LOG_LEVEL = 'silent';

const ddb = mockClient(DynamoDBDocumentClient);

const admin = {
  companyId: 'C1',
  userId: 'U1',
  isAdmin: true,
  user: { id: 'U1', name: 'Ana', profile: 'admin', queueIds: ['Q1'], allTicket: 'desabled', updatedAt: '2030-01-01T00:00:00.000Z' },
} as unknown as Caller;

const minute = (index: number) => new Date(Date.UTC(2030, 0, 1, 0, index)).toISOString();

/** A ticket of contact K1 created at minute `created` and last changed at minute `changed`. */
function ticket(index: number, created: number, changed = created + 1, whatsappId: string | null = 'W1'): Ticket {
  return storedTicket({
    id: `T${String(index).padStart(3, '0')}`,
    uuid: `uuid-${index}`,
    number: index,
    status: 'closed',
    whatsappId,
    // Its row's copy of the contact, which its messages show (present-message.ts): no read of the contact.
    contactRow: { name: 'Maria', number: '5511999990000', profilePicUrl: null, at: minute(0) },
    createdAt: minute(created),
    updatedAt: minute(changed),
  });
}

/** The message items of a ticket, `count` of them, newest first. */
function messagesOf(owner: Ticket, count: number): Record<string, unknown>[] {
  return Array.from({ length: count }, (_, index) => {
    const ulid = `01J${owner.id}${String(count - 1 - index).padStart(19, '0')}`;
    return {
      PK: `C#C1#TK#${owner.id}`,
      SK: `MSG#${ulid}`,
      entity: 'message',
      id: `${owner.id}.${ulid}`,
      companyId: 'C1',
      ticketId: owner.id,
      contactId: 'K1',
      body: `${owner.id}:${count - 1 - index}`,
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
      userId: null,
      whatsappMessageId: null,
      createdAt: owner.createdAt,
      updatedAt: owner.createdAt,
    };
  });
}

/**
 * A fake table of `tickets` with `counts[i]` messages each. Answers the Queries the route sends (the
 * ticket with its messages, a ticket's messages, GSI3 by contact), each after a timer, and records in
 * which round each was sent: a round starts when a call is sent while none is in flight.
 */
function fakeTable(tickets: readonly Ticket[], counts: readonly number[]) {
  const messages = new Map(tickets.map((owner, index) => [owner.id, messagesOf(owner, counts[index] ?? 0)]));
  const rounds: string[][] = [];
  let inFlight = 0;
  const answer = (input: QueryCommandInput): { Items: Record<string, unknown>[]; LastEvaluatedKey?: Record<string, unknown> } => {
    const values = input.ExpressionAttributeValues ?? {};
    if (input.IndexName === 'GSI3') {
      const all = tickets
        .map((owner) => ({ ...ticketListIndexes(owner), PK: `C#C1#TK#${owner.id}`, SK: 'TICKET', entity: 'ticket', ...owner }))
        .filter((item) => item.GSI3SK < String(values[':before']))
        .sort((left, right) => (left.GSI3SK < right.GSI3SK ? 1 : -1));
      const after = input.ExclusiveStartKey?.GSI3SK;
      const from = after === undefined ? 0 : all.findIndex((item) => item.GSI3SK < String(after));
      const scanned = from < 0 ? [] : all.slice(from, from + (input.Limit ?? all.length));
      const last = scanned.at(-1);
      const more = from >= 0 && from + scanned.length < all.length;
      const createdAt = String(values[':createdAt']);
      const kept = scanned.filter(
        (item) => item.whatsappId === (values[':whatsappId'] ?? null) && (item.createdAt < createdAt || (item.createdAt === createdAt && item.id < String(values[':id']))),
      );
      return { Items: kept, ...(more && last ? { LastEvaluatedKey: { GSI3SK: last.GSI3SK } } : {}) };
    }
    const ticketId = String(values[':pk']).split('#TK#')[1] ?? '';
    const own = messages.get(ticketId) ?? [];
    if (input.KeyConditionExpression?.includes('BETWEEN')) {
      const owner = tickets.find((candidate) => candidate.id === ticketId);
      const items = [...(owner ? [{ ...ticketListIndexes(owner), entity: 'ticket', ...owner }] : []), ...own];
      return { Items: items.slice(0, input.Limit) };
    }
    const before = input.ExclusiveStartKey?.SK;
    return { Items: own.filter((item) => before === undefined || String(item.SK) < String(before)).slice(0, input.Limit) };
  };
  async function inRound<T>(name: string, result: () => T): Promise<T> {
    if (inFlight === 0) rounds.push([]);
    inFlight += 1;
    rounds.at(-1)?.push(name);
    await new Promise((resolve) => setTimeout(resolve, 2));
    inFlight -= 1;
    return result();
  }
  ddb.on(QueryCommand).callsFake((input: QueryCommandInput) =>
    inRound(input.IndexName ?? String(input.ExpressionAttributeValues?.[':pk']).split('#TK#')[1] ?? '', () => answer(input)),
  );
  ddb.on(GetCommand).callsFake((input: GetCommandInput) => {
    const ticketId = String(input.Key?.PK).split('#TK#')[1] ?? '';
    const owner = tickets.find((candidate) => candidate.id === ticketId);
    return inRound(`get ${ticketId}`, () => ({ Item: owner ? { ...ticketListIndexes(owner), entity: 'ticket', ...owner } : undefined }));
  });
  return { rounds };
}

const bodies = (page: { readonly messages: readonly { body: string }[] }) => page.messages.map((message) => message.body);
const numbered = (id: string, from: number, to: number) => Array.from({ length: from - to + 1 }, (_, offset) => `${id}:${from - offset}`);

beforeEach(() => {
  ddb.reset();
});

/** `owner` as stored with the chain of earlier tickets it kept at its creation (Ticket.earlierTicketIds). */
const keeping = (owner: Ticket, earlier: readonly Ticket[]): Ticket => ({ ...owner, earlierTicketIds: earlier.map((previous) => previous.id) });

describe('the first page of a short ticket that kept its earlier tickets at creation', () => {
  it('takes 2 rounds (the ticket with its messages, then the earlier tickets with theirs together) and never asks the index', async () => {
    const [t1, t2, t3, t4] = [1, 2, 3, 4].map((index) => ticket(index, index * 10)) as [Ticket, Ticket, Ticket, Ticket];
    const { rounds } = fakeTable([t1, t2, t3, keeping(t4, [t3, t2, t1])], [3, 3, 3, 3]);

    const page = await listMessages(admin, 'T004', ListMessagesQuery.parse({}));

    expect(rounds).toEqual([['T004'], ['T003', 'T002', 'T001']]);
    expect(bodies(page)).toEqual([...numbered('T004', 2, 0), ...numbered('T003', 2, 0), ...numbered('T002', 2, 0), ...numbered('T001', 2, 0)]);
    expect([page.hasMore, page.cursor]).toEqual([false, null]);
    expect(page.tickets.map((summary) => summary.id)).toEqual(['T004', 'T003', 'T002', 'T001']);
  });

  it("takes 1 round for a contact's first ticket, whose kept history is empty", async () => {
    const { rounds } = fakeTable([keeping(ticket(1, 10), [])], [3]);

    const page = await listMessages(admin, 'T001', ListMessagesQuery.parse({}));

    expect(rounds).toEqual([['T001']]);
    expect(bodies(page)).toEqual(numbered('T001', 2, 0));
  });

  it('ends the kept chain at a ticket reopened after the next one began, and asks the index from the last one that passed, as a ticket without a chain would', async () => {
    const t1 = ticket(1, 10);
    // Reopened: changed at minute 35, after T003 began (minute 30).
    const t2 = ticket(2, 20, 35);
    const t3 = ticket(3, 30, 40);
    const { rounds } = fakeTable([t1, t2, t3, keeping(ticket(4, 50), [t3, t2, t1])], [2, 2, 2, 2]);

    const page = await listMessages(admin, 'T004', ListMessagesQuery.parse({}));

    expect(rounds).toEqual([['T004'], ['T003', 'T002', 'T001'], ['GSI3'], ['T001']]);
    expect(page.tickets.map((summary) => summary.id)).toEqual(['T004', 'T003', 'T001']);
    expect(bodies(page)).toEqual([...numbered('T004', 1, 0), ...numbered('T003', 1, 0), ...numbered('T001', 1, 0)]);
  });

  it('skips a kept ticket deleted since through the index, which no longer holds it', async () => {
    const [t1, t2, t3] = [1, 2, 3].map((index) => ticket(index, index * 10)) as [Ticket, Ticket, Ticket];
    const { rounds } = fakeTable([t1, keeping(t3, [t2, t1])], [2, 2]);

    const page = await listMessages(admin, 'T003', ListMessagesQuery.parse({}));

    expect(rounds).toEqual([['T003'], ['T002', 'T001'], ['GSI3'], ['T001']]);
    expect(page.tickets.map((summary) => summary.id)).toEqual(['T003', 'T001']);
  });

  it('goes on through the index past a full kept chain of 10 tickets', async () => {
    const tickets = Array.from({ length: 14 }, (_, index) => ticket(index + 1, (index + 1) * 10));
    const asked = keeping(tickets[13] as Ticket, tickets.slice(3, 13).reverse());
    const { rounds } = fakeTable([...tickets.slice(0, 13), asked], Array(14).fill(1));

    const page = await listMessages(admin, 'T014', ListMessagesQuery.parse({}));

    expect(rounds).toEqual([
      ['T014'],
      ['T013', 'T012', 'T011', 'T010', 'T009'],
      ['T008', 'T007', 'T006', 'T005', 'T004'],
      ['GSI3'],
      ['T003', 'T002', 'T001'],
    ]);
    expect(bodies(page)).toEqual(tickets.slice().reverse().map((owner) => `${owner.id}:0`));
  });
});

describe('the first page of a short ticket stored before tickets kept their earlier ones', () => {
  it('takes 3 rounds (the ticket with its messages, the earlier tickets, their messages together) where the walk took one pair per ticket', async () => {
    // Four tickets of 3 messages each on W1, one a minute apart; the newest is asked.
    const tickets = [1, 2, 3, 4].map((index) => ticket(index, index * 10));
    const { rounds } = fakeTable(tickets, [3, 3, 3, 3]);

    const page = await listMessages(admin, 'T004', ListMessagesQuery.parse({}));

    expect(rounds).toEqual([['T004'], ['GSI3'], ['T003', 'T002', 'T001']]);
    expect(bodies(page)).toEqual([...numbered('T004', 2, 0), ...numbered('T003', 2, 0), ...numbered('T002', 2, 0), ...numbered('T001', 2, 0)]);
    expect([page.hasMore, page.cursor]).toEqual([false, null]);
    expect(page.tickets.map((summary) => summary.id)).toEqual(['T004', 'T003', 'T002', 'T001']);
  });

  it('reads the earlier tickets\' messages 5 tickets a round, the next 5 only while the page is not full, and stops at the message past the page', async () => {
    // Thirteen tickets of 2 messages each: the asked one and 12 earlier, 26 messages in all.
    const tickets = Array.from({ length: 13 }, (_, index) => ticket(index + 1, (index + 1) * 10));
    const { rounds } = fakeTable(tickets, Array(13).fill(2));

    const page = await listMessages(admin, 'T013', ListMessagesQuery.parse({}));

    // 2 (own) + 5 × 2 = 12 after the first batch, + 5 × 2 = 22 after the second: full, with one more.
    expect(rounds).toEqual([['T013'], ['GSI3'], ['T012', 'T011', 'T010', 'T009', 'T008'], ['T007', 'T006', 'T005', 'T004', 'T003']]);
    expect(bodies(page)).toEqual(tickets.slice(3).reverse().flatMap((owner) => numbered(owner.id, 1, 0)));
    expect(page.hasMore).toBe(true);
    expect(page.cursor).toBe(page.messages[19]?.id);
    expect(page.tickets.map((summary) => summary.id)).toEqual(['T013', 'T012', 'T011', 'T010', 'T009', 'T008', 'T007', 'T006', 'T005', 'T004']);
  });
  it('asks the index for the next 10 earlier tickets only once the first 10 did not fill the page', async () => {
    // Fourteen tickets of 1 message each: the asked one and 13 earlier, 14 messages in all.
    const tickets = Array.from({ length: 14 }, (_, index) => ticket(index + 1, (index + 1) * 10));
    const { rounds } = fakeTable(tickets, Array(14).fill(1));

    const page = await listMessages(admin, 'T014', ListMessagesQuery.parse({}));

    expect(rounds).toEqual([
      ['T014'],
      ['GSI3'],
      ['T013', 'T012', 'T011', 'T010', 'T009'],
      ['T008', 'T007', 'T006', 'T005', 'T004'],
      ['GSI3'],
      ['T003', 'T002', 'T001'],
    ]);
    expect(bodies(page)).toEqual(tickets.slice().reverse().map((owner) => `${owner.id}:0`));
    expect([page.hasMore, page.cursor, page.tickets.length]).toEqual([false, null, 14]);
  });
});

describe('the next page through the cursor', () => {
  it('reads the cursor ticket alongside the asked one and goes on from its message with no gap nor repeat', async () => {
    const tickets = Array.from({ length: 13 }, (_, index) => ticket(index + 1, (index + 1) * 10));
    const { rounds } = fakeTable(tickets, Array(13).fill(2));
    const first = await listMessages(admin, 'T013', ListMessagesQuery.parse({}));
    rounds.length = 0;

    const second = await listMessages(admin, 'T013', ListMessagesQuery.parse({ cursor: first.cursor ?? '' }));

    expect(first.cursor).toBe(`T004.${String(first.messages[19]?.id).split('.')[1]}`);
    expect(rounds).toEqual([['get T013', 'get T004'], ['T004'], ['GSI3'], ['T003', 'T002', 'T001']]);
    expect(bodies(second)).toEqual([...numbered('T003', 1, 0), ...numbered('T002', 1, 0), ...numbered('T001', 1, 0)]);
    expect([second.hasMore, second.cursor]).toEqual([false, null]);
    expect(second.tickets.map((summary) => summary.id)).toEqual(['T004', 'T003', 'T002', 'T001']);
  });
});

describe('earlierTicketsOfContact', () => {
  it('answers the chain the one-at-a-time rule gives: a ticket changed after a later one began is not before it, nor is another connection\'s', async () => {
    const tickets = [
      ticket(1, 10),
      // Reopened: changed at minute 35, after T003 began (minute 30).
      ticket(2, 20, 35),
      ticket(3, 30, 40),
      // Another connection.
      ticket(4, 45, 46, 'W2'),
      ticket(5, 50, 52),
      ticket(6, 60, 61),
    ];
    fakeTable(tickets, []);

    const chain = await earlierTicketsOfContact(ticket(7, 70, 71), 10);

    // Before T007: the latest changed before minute 70, created before it, on W1: T006; before T006, T005;
    // before T005 (created minute 50): T003 (changed 40) rather than T002 (changed 35); before T003 (created
    // 30): T002 was changed at 35, after T003 began, so T001.
    expect(chain.map((found) => found.id)).toEqual(['T006', 'T005', 'T003', 'T001']);
    expect((await earlierTicketsOfContact(ticket(7, 70, 71), 2)).map((found) => found.id)).toEqual(['T006', 'T005']);
  });

  it('reads further index pages past the tickets of other connections, and stops once it holds the tickets asked for', async () => {
    // Newest change first: 30 tickets on W2, T002, 25 tickets on W2, T001; the index reads 25 items a page.
    const tickets = [
      ticket(1, 1),
      ...Array.from({ length: 25 }, (_, index) => ticket(10 + index, 3 + index * 2, 4 + index * 2, 'W2')),
      ticket(2, 60),
      ...Array.from({ length: 30 }, (_, index) => ticket(40 + index, 70 + index * 2, 71 + index * 2, 'W2')),
    ];
    fakeTable(tickets, []);

    const chain = await earlierTicketsOfContact(ticket(99, 200), 10);
    const calls = ddb.commandCalls(QueryCommand).length;
    ddb.resetHistory();
    const one = await earlierTicketsOfContact(ticket(99, 200), 1);

    expect(chain.map((found) => found.id)).toEqual(['T002', 'T001']);
    expect(calls).toBe(3);
    expect(one.map((found) => found.id)).toEqual(['T002']);
    expect(ddb.commandCalls(QueryCommand)).toHaveLength(2);
  });
});
