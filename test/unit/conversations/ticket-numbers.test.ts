/**
 * Ticket numbers: the counter gives each new ticket the next number of its company, and the backfill
 * numbers the tickets stored before numbers existed once, in creation order, whether it runs twice,
 * concurrently with itself, or because a new ticket found the company not yet numbered. The table is a
 * small in-memory model that keeps the conditions of the actions these use cases send, and refuses a
 * transaction as DynamoDB does (all or nothing, with a reason per action).
 */
import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import {
  DynamoDBDocumentClient,
  GetCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
  type GetCommandInput,
  type QueryCommandInput,
  type TransactWriteCommandInput,
  type UpdateCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import {
  byCreation,
  ensureTicketNumbers,
  nextTicketNumber,
  numberedTicket,
} from '../../../functions/core/conversations/ticket-numbers';
import type { Ticket } from '../../../functions/core/repositories/tickets';

process.env.TABLE_NAME = 'table-under-test';
process.env.LOG_LEVEL = 'silent';

const ddb = mockClient(DynamoDBDocumentClient);

interface StoredTicket {
  id: string;
  status: 'pending' | 'open' | 'closed';
  createdAt: string;
  number?: number;
}

/** The company C1 as the table holds it. */
let counter: { last: number; backfilled: boolean } | undefined;
let tickets: Map<string, StoredTicket>;
let pointers: Map<number, string>;

const tick = () => new Promise((resolve) => setImmediate(resolve));

function seed(list: readonly StoredTicket[]) {
  tickets = new Map(list.map((ticket) => [ticket.id, { ...ticket }]));
}

const ticketIdOf = (pk: unknown) => String(pk).replace('C#C1#TK#', '');
const values = (input: { ExpressionAttributeValues?: Record<string, unknown> }) => input.ExpressionAttributeValues ?? {};

type Item = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** Whether the action's condition holds now, and what it writes when the whole transaction holds. */
function evaluate(action: Item): { holds: boolean; apply: () => void } {
  if (action.Put) {
    const item = action.Put.Item as Record<string, unknown>;
    if (item.SK === 'COUNTER') {
      return { holds: counter === undefined, apply: () => (counter = { last: Number(item.last), backfilled: item.backfilled === true }) };
    }
    const number = Number(item.number);
    return { holds: !pointers.has(number), apply: () => pointers.set(number, String(item.ticketId)) };
  }
  const update = action.Update;
  if (!update) throw new Error('unexpected action');
  const v = values(update);
  if (update.Key?.SK === 'COUNTER') {
    if (update.UpdateExpression === 'SET backfilled = :true') {
      return { holds: counter?.last === v[':last'], apply: () => counter && (counter.backfilled = true) };
    }
    return {
      holds: counter !== undefined && counter.last === v[':from'] && !counter.backfilled,
      apply: () => counter && (counter.last = Number(v[':to'])),
    };
  }
  const ticket = tickets.get(ticketIdOf(update.Key?.PK));
  return { holds: ticket !== undefined && ticket.number === undefined, apply: () => ticket && (ticket.number = Number(v[':number'])) };
}

beforeEach(() => {
  ddb.reset();
  counter = undefined;
  pointers = new Map();
  seed([]);
  ddb.on(GetCommand).callsFake(async (input: GetCommandInput) => {
    await tick();
    if (input.Key?.SK === 'COUNTER') return { Item: counter ? { ...counter } : undefined };
    const ticket = tickets.get(ticketIdOf(input.Key?.PK));
    return { Item: ticket ? { ...ticket, companyId: 'C1' } : undefined };
  });
  ddb.on(QueryCommand).callsFake(async (input: QueryCommandInput) => {
    await tick();
    const status = String(values(input)[':pk']).split('#').at(-1);
    return { Items: [...tickets.values()].filter((ticket) => ticket.status === status).map((ticket) => ({ ...ticket })) };
  });
  ddb.on(UpdateCommand).callsFake(async (input: UpdateCommandInput) => {
    await tick();
    if (!counter?.backfilled) throw new ConditionalCheckFailedException({ message: 'The conditional request failed', $metadata: {} });
    counter.last += Number(values(input)[':one']);
    return { Attributes: { last: counter.last } };
  });
  ddb.on(TransactWriteCommand).callsFake(async (input: TransactWriteCommandInput) => {
    await tick();
    const actions = (input.TransactItems ?? []).map(evaluate);
    if (actions.every((action) => action.holds)) {
      actions.forEach((action) => action.apply());
      return {};
    }
    throw new TransactionCanceledException({
      message: 'Transaction cancelled',
      $metadata: {},
      CancellationReasons: actions.map((action) => ({ Code: action.holds ? 'None' : 'ConditionalCheckFailed' })),
    });
  });
});

const at = (minute: number) => new Date(Date.UTC(2024, 0, 1, 0, minute)).toISOString();
const numbers = () => Object.fromEntries([...tickets.values()].map((ticket) => [ticket.id, ticket.number]));

describe('the backfill of ticket numbers', () => {
  it('numbers the existing tickets 1, 2, 3, ... in creation order, whatever their status, and marks the company done', async () => {
    seed([
      { id: 'T-c', status: 'closed', createdAt: at(30) },
      { id: 'T-a', status: 'open', createdAt: at(10) },
      { id: 'T-b2', status: 'pending', createdAt: at(20) },
      { id: 'T-b1', status: 'closed', createdAt: at(20) },
    ]);

    const numbered = await ensureTicketNumbers('C1');

    expect(numbered).toBe(4);
    expect(numbers()).toEqual({ 'T-a': 1, 'T-b1': 2, 'T-b2': 3, 'T-c': 4 });
    expect([...pointers.entries()].sort(([a], [b]) => a - b)).toEqual([[1, 'T-a'], [2, 'T-b1'], [3, 'T-b2'], [4, 'T-c']]);
    expect(counter).toEqual({ last: 4, backfilled: true });
  });

  it('changes nothing when it runs a second time', async () => {
    seed([{ id: 'T-a', status: 'open', createdAt: at(1) }, { id: 'T-b', status: 'closed', createdAt: at(2) }]);
    await ensureTicketNumbers('C1');
    const writes = ddb.commandCalls(TransactWriteCommand).length;

    const again = await ensureTicketNumbers('C1');

    expect(again).toBe(0);
    expect(numbers()).toEqual({ 'T-a': 1, 'T-b': 2 });
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(writes);
  });

  it('gives every ticket exactly one number when two runs race, in creation order', async () => {
    seed(Array.from({ length: 100 }, (_, index) => ({ id: `T${String(index).padStart(3, '0')}`, status: 'closed' as const, createdAt: at(index) })));

    const [first, second] = await Promise.all([ensureTicketNumbers('C1'), ensureTicketNumbers('C1')]);

    expect(first + second).toBe(100);
    expect([...tickets.values()].map((ticket) => ticket.number)).toEqual(Array.from({ length: 100 }, (_, index) => index + 1));
    expect(pointers.size).toBe(100);
    expect(counter).toEqual({ last: 100, backfilled: true });
  });

  it('continues after the numbers a run that stopped half-way gave', async () => {
    seed([
      { id: 'T-a', status: 'closed', createdAt: at(1), number: 1 },
      { id: 'T-b', status: 'closed', createdAt: at(2) },
    ]);
    counter = { last: 1, backfilled: false };
    pointers.set(1, 'T-a');

    await ensureTicketNumbers('C1');

    expect(numbers()).toEqual({ 'T-a': 1, 'T-b': 2 });
    expect(counter).toEqual({ last: 2, backfilled: true });
  });

  it('starts a company without tickets at 0, done', async () => {
    await ensureTicketNumbers('C1');

    expect(counter).toEqual({ last: 0, backfilled: true });
  });
});

describe('the number of a new ticket', () => {
  it('is the next one of the counter', async () => {
    counter = { last: 41, backfilled: true };

    expect(await nextTicketNumber('C1')).toBe(42);
    expect(await nextTicketNumber('C1')).toBe(43);
  });

  it('comes after the existing tickets when the company was never numbered: the backfill runs first', async () => {
    seed([{ id: 'T-old2', status: 'open', createdAt: at(2) }, { id: 'T-old1', status: 'closed', createdAt: at(1) }]);

    const number = await nextTicketNumber('C1');

    expect(numbers()).toEqual({ 'T-old1': 1, 'T-old2': 2 });
    expect(number).toBe(3);
  });

  it('is distinct and consecutive for tickets created at once in a company being numbered', async () => {
    seed([{ id: 'T-old', status: 'closed', createdAt: at(1) }]);

    const taken = await Promise.all([nextTicketNumber('C1'), nextTicketNumber('C1'), nextTicketNumber('C1')]);

    expect(numbers()).toEqual({ 'T-old': 1 });
    expect([...taken].sort()).toEqual([2, 3, 4]);
  });
});

describe('numberedTicket', () => {
  const stored = (fields: Partial<Ticket>) => ({ id: 'T-a', companyId: 'C1', createdAt: at(1), ...fields }) as Ticket;

  it('answers a ticket that has its number as it is, reading nothing', async () => {
    const ticket = stored({ number: 9 });

    expect(await numberedTicket(ticket)).toBe(ticket);
    expect(ddb.calls()).toHaveLength(0);
  });

  it('numbers the company first when the ticket has no number yet', async () => {
    seed([{ id: 'T-a', status: 'open', createdAt: at(1) }]);

    expect((await numberedTicket(stored({}))).number).toBe(1);
  });
});

describe('byCreation', () => {
  it('orders by creation instant, then by id within the same instant', () => {
    const list = [
      { id: 'B', createdAt: at(2) },
      { id: 'C', createdAt: at(1) },
      { id: 'A', createdAt: at(2) },
    ];

    expect([...list].sort(byCreation).map((entry) => entry.id)).toEqual(['C', 'A', 'B']);
  });
});
