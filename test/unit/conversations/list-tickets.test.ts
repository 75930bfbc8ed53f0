/**
 * The ticket list's reads: which partitions a caller reads, that a page reads about what it shows (a
 * lazy k-way merge of the partitions), that a selective filter stops at the read budget with a cursor to
 * continue, and that cursors cannot be forged into something else.
 */
import { DynamoDBDocumentClient, QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { ticketListIndexes } from '../../../functions/core/repositories/keys';
import type { Ticket } from '../../../functions/core/repositories/tickets';
import type { Caller } from '../../../functions/core/caller/load-caller';
import {
  decodeCursor,
  encodeCursor,
  filterOf,
  mergeTickets,
  READ_BUDGET,
  scopeOf,
  sourcesOf,
} from '../../../functions/core/conversations/list-tickets';

process.env.TABLE_NAME = 'table-under-test';
process.env.LOG_LEVEL = 'silent';

const ddb = mockClient(DynamoDBDocumentClient);

const callerOf = (profile: string, queueIds: string[] = ['Q1', 'Q2'], allTicket = 'desabled') =>
  ({ companyId: 'C1', userId: 'U1', isAdmin: profile === 'admin', user: { profile, queueIds, allTicket } }) as unknown as Caller;

function ticketIn(queueId: string, minute: number): Record<string, unknown> {
  const updatedAt = new Date(Date.UTC(2030, 0, 1, 0, minute)).toISOString();
  const ticket: Ticket = {
    id: `T${queueId}${String(minute).padStart(3, '0')}`,
    uuid: 'u',
    companyId: 'C1',
    status: 'pending',
    contactId: 'K1',
    userId: null,
    userName: null,
    queueId,
    whatsappId: null,
    tagIds: [],
    isGroup: false,
    chatbot: false,
    useIntegration: false,
    promptId: null,
    integrationId: null,
    lastMessage: '',
    unreadMessages: 0,
    createdAt: updatedAt,
    updatedAt,
  };
  return { ...ticketListIndexes(ticket), ...ticket };
}

/** A fake index: the Query answers the partition's items below the range, newest first, Limit at a time. */
function serve(partitions: Record<string, Record<string, unknown>[]>, matches: (item: Record<string, unknown>) => boolean = () => true) {
  ddb.on(QueryCommand).callsFake((input: QueryCommandInput) => {
    const values = input.ExpressionAttributeValues ?? {};
    const index = String(input.IndexName);
    const sortKey = `${index}SK`;
    const all = (partitions[String(values[':pk'])] ?? [])
      .filter((item) => values[':to'] === undefined || String(item[sortKey]) <= String(values[':to']))
      .sort((a, b) => (String(a[sortKey]) < String(b[sortKey]) ? 1 : -1));
    const start = input.ExclusiveStartKey ? all.findIndex((item) => item[sortKey] === input.ExclusiveStartKey?.[sortKey]) + 1 : 0;
    const evaluated = all.slice(start, start + (input.Limit ?? all.length));
    const last = evaluated.at(-1);
    const more = start + evaluated.length < all.length;
    return {
      Items: evaluated.filter(matches),
      ScannedCount: evaluated.length,
      ...(more && last ? { LastEvaluatedKey: { [sortKey]: last[sortKey], [`${index}PK`]: values[':pk'] } } : {}),
    };
  });
}

const queries = () => ddb.commandCalls(QueryCommand).map((call) => call.args[0].input);

beforeEach(() => {
  ddb.reset();
});

describe('scopeOf and sourcesOf', () => {
  it('reads one partition per status for admins, one per queue and status for agents (plus no queue with allTicket)', () => {
    expect(sourcesOf(scopeOf(callerOf('admin'), { status: 'open', queueIds: [], showAll: true }))).toEqual([
      { index: 'GSI1', partition: 'C#C1#TKS#open' },
    ]);
    expect(sourcesOf(scopeOf(callerOf('user', ['Q1'], 'enabled'), { status: 'open', queueIds: [], showAll: true }))).toEqual([
      { index: 'GSI2', partition: 'C#C1#TKQ#Q1#open' },
      { index: 'GSI2', partition: 'C#C1#TKQ#none#open' },
    ]);
  });

  it('lets queueIds narrow an agent to their own queues only, never widen', () => {
    const scope = scopeOf(callerOf('user', ['Q1']), { queueIds: ['Q1', 'Q9'], showAll: true });

    expect(scope.queues).toEqual(['Q1']);
    expect(sourcesOf(scope)).toHaveLength(3);
  });

  it('honours showAll only with the permission (admins); without it everyone reads their own queues', () => {
    expect(scopeOf(callerOf('admin', ['Q1']), { queueIds: [], showAll: true }).queues).toBe('all');
    expect(scopeOf(callerOf('supervisor', ['Q1']), { queueIds: [], showAll: true }).queues).toEqual(['Q1']);
    expect(scopeOf(callerOf('admin', ['Q1'], 'enabled'), { queueIds: [], showAll: false }).queues).toEqual(['Q1', 'none']);
    expect(scopeOf(callerOf('user', ['Q1']), { queueIds: [], showAll: true }).queues).toEqual(['Q1']);
  });

  it('turns the filters into one FilterExpression and the day filters into a sort-key window', () => {
    const scope = scopeOf(callerOf('admin'), { queueIds: [], showAll: true, tags: ['G1', 'G2'], users: ['U7'], withUnreadMessages: true, updatedAt: '2030-01-01' });

    expect(filterOf(scope)).toEqual({
      expression: '#user IN (:u0) AND (contains(#tags, :t0) OR contains(#tags, :t1)) AND #unread > :zero',
      names: { '#user': 'userId', '#tags': 'tagIds', '#unread': 'unreadMessages' },
      values: { ':u0': 'U7', ':t0': 'G1', ':t1': 'G2', ':zero': 0 },
    });
    expect(scope).toMatchObject({ from: '2030-01-01T03:00:00.000Z', to: '2030-01-02T02:59:59.999Z~' });
  });
});

describe('mergeTickets', () => {
  it('reads exactly the page and one more from a single partition', async () => {
    serve({ 'C#C1#TKS#pending': Array.from({ length: 500 }, (_, minute) => ticketIn('Q1', minute)) });

    const { tickets, evaluated } = await mergeTickets(scopeOf(callerOf('admin'), { status: 'pending', queueIds: [], showAll: true }), 21);

    expect(tickets).toHaveLength(21);
    expect(tickets[0]?.id).toBe('TQ1499');
    expect(evaluated).toBe(21);
    expect(queries()).toEqual([expect.objectContaining({ IndexName: 'GSI1', Limit: 21, ScanIndexForward: false })]);
  });

  it('merges the queues of an agent newest first, reading each only as far as the merge needs', async () => {
    serve({
      'C#C1#TKQ#Q1#pending': Array.from({ length: 300 }, (_, index) => ticketIn('Q1', index * 2)),
      'C#C1#TKQ#Q2#pending': Array.from({ length: 300 }, (_, index) => ticketIn('Q2', index * 2 + 1)),
    });

    const { tickets, evaluated } = await mergeTickets(scopeOf(callerOf('user'), { status: 'pending', queueIds: [], showAll: true }), 21);

    expect(tickets.map((ticket) => ticket.id).slice(0, 4)).toEqual(['TQ2599', 'TQ1598', 'TQ2597', 'TQ1596']);
    expect(tickets).toHaveLength(21);
    expect(evaluated).toBeLessThanOrEqual(36);
  });

  it('continues strictly below a cursor', async () => {
    serve({ 'C#C1#TKS#pending': Array.from({ length: 50 }, (_, minute) => ticketIn('Q1', minute)) });
    const first = await mergeTickets(scopeOf(callerOf('admin'), { status: 'pending', queueIds: [], showAll: true }), 3);
    const below = `${String(first.tickets[2]?.updatedAt)}#${String(first.tickets[2]?.id)}`;

    const next = await mergeTickets(scopeOf(callerOf('admin'), { status: 'pending', queueIds: [], showAll: true }), 3, below);

    expect(next.tickets.map((ticket) => ticket.id)).toEqual(['TQ1046', 'TQ1045', 'TQ1044']);
  });

  it('stops a filter that matches nothing at the read budget and says where to go on', async () => {
    serve({ 'C#C1#TKS#closed': Array.from({ length: 5000 }, (_, minute) => ticketIn('Q1', minute)) }, () => false);

    const result = await mergeTickets(scopeOf(callerOf('admin'), { status: 'closed', queueIds: [], showAll: true, tags: ['G1'] }), 21);

    expect(result.tickets).toEqual([]);
    expect(result.evaluated).toBeGreaterThanOrEqual(READ_BUDGET);
    expect(result.evaluated).toBeLessThan(READ_BUDGET + 200);
    expect(result.resumeBelow).toMatch(/^2030-01-0\dT\d\d:\d\d:00\.000Z#TQ1\d{3,4}$/);
  });
});

describe('cursors', () => {
  it('round-trips positions and offsets, and refuses anything else', () => {
    expect(decodeCursor(encodeCursor({ below: '2030-01-01T00:00:00.000Z#T1' }))).toEqual({ below: '2030-01-01T00:00:00.000Z#T1' });
    expect(decodeCursor(encodeCursor({ offset: 40 }))).toEqual({ offset: 40 });
    expect(() => decodeCursor(Buffer.from('k:C#C2#TKS#open').toString('base64url'))).toThrow('Invalid cursor');
    expect(() => decodeCursor('garbage')).toThrow('Invalid cursor');
  });
});
