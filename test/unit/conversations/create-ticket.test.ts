/**
 * Storing a new ticket: its number from the company's counter, then one transaction with the contact's
 * open-ticket slot, the ticket, its uuid and number pointers, its first attendance and the dashboard
 * counters; a taken slot answers ERR_OTHER_OPEN_TICKET naming the ticket that holds it.
 */
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { BatchGetCommand, DynamoDBDocumentClient, GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { AppError } from '../../../functions/core/errors';
import type { Ticket } from '../../../functions/core/repositories/tickets';
import { insertTicket } from '../../../functions/core/conversations/create-ticket';

process.env.TABLE_NAME = 'table-under-test';
process.env.LOG_LEVEL = 'silent';

const ddb = mockClient(DynamoDBDocumentClient);
const now = new Date('2030-01-02T12:00:00.000Z');

const ticket: Omit<Ticket, 'attendanceId'> = {
  id: 'T1',
  uuid: 'uuid-1',
  companyId: 'C1',
  status: 'pending',
  contactId: 'K1',
  userId: null,
  userName: null,
  queueId: 'Q1',
  whatsappId: null,
  tagIds: [],
  isGroup: false,
  chatbot: false,
  useIntegration: false,
  promptId: null,
  integrationId: null,
  lastMessage: '',
  unreadMessages: 0,
  createdAt: now.toISOString(),
  updatedAt: now.toISOString(),
};

beforeEach(() => {
  ddb.reset();
  // The company's counter, backfilled, at 41: the ticket is number 42.
  ddb.on(UpdateCommand, { Key: { PK: 'C#C1#TKCOUNTER', SK: 'COUNTER' } }).resolves({ Attributes: { last: 42 } });
  // What the ticket's row shows of its contact and queue (its copies).
  ddb
    .on(GetCommand, { Key: { PK: 'C#C1#CT#K1', SK: 'CONTACT' } })
    .resolves({ Item: { id: 'K1', companyId: 'C1', name: 'Maria', number: '5511999990000', profilePicUrl: null, updatedAt: '2030-01-01T00:00:00.000Z' } });
  ddb
    .on(GetCommand, { Key: { PK: 'C#C1', SK: 'QUEUE#Q1' } })
    .resolves({ Item: { id: 'Q1', companyId: 'C1', name: 'Vendas', color: '#ff0000', createdAt: '2029-01-01T00:00:00.000Z', updatedAt: '2030-01-01T01:00:00.000Z' } });
  // The contact's tickets by the index (GSI3): none before this one unless a test says so.
  ddb.on(QueryCommand).resolves({ Items: [] });
});

/** A closed ticket of the contact as the index (GSI3) answers it. */
const earlierItem = (id: string, createdAt: string, updatedAt: string, whatsappId: string | null = null) => ({
  ...ticket,
  id,
  uuid: `uuid-${id}`,
  status: 'closed',
  whatsappId,
  createdAt,
  updatedAt,
  GSI3SK: `${updatedAt}#${id}`,
});

describe('insertTicket', () => {
  it("writes slot, ticket, uuid, number, attendance, counters and its contact-name entry in one transaction, each new item on condition", async () => {
    ddb.on(TransactWriteCommand).resolves({});

    const stored = await insertTicket(ticket, now);

    const items = ddb.commandCalls(TransactWriteCommand)[0]!.args[0].input.TransactItems ?? [];
    expect(items.map((item) => item.Put?.Item?.SK ?? item.Update?.Key?.SK)).toEqual(['OPENTK', 'TICKET', 'TKUUID', 'TKNUM', `ATT#${stored.attendanceId}`, 'COMPANY', 'ia#T1']);
    // Found by its contact's name ('Maria': the partition of 'mar', then the rest of the name).
    expect(items[6]?.Put?.Item).toMatchObject({ PK: 'C#C1#NAME#mar', entity: 'nameEntry', ticketId: 'T1', queueId: 'Q1' });
    expect(items.slice(0, 5).map((item) => item.Put?.ConditionExpression)).toEqual(Array(5).fill('attribute_not_exists(PK)'));
    expect(items[0]?.Put?.Item).toMatchObject({ PK: 'C#C1#OPENTK#K1#none', ticketId: 'T1', uuid: 'uuid-1' });
    expect(items[1]?.Put?.Item).toMatchObject({ PK: 'C#C1#TK#T1', GSI1PK: 'C#C1#TKS#pending', GSI2PK: 'C#C1#TKQ#Q1#pending', attendanceId: stored.attendanceId, number: 42 });
    expect(items[3]?.Put?.Item).toMatchObject({ PK: 'C#C1#TKNUM#42', ticketId: 'T1', number: 42 });
    expect(items[1]?.Put?.Item).toMatchObject({
      contactRow: { name: 'Maria', number: '5511999990000', profilePicUrl: null, at: '2030-01-01T00:00:00.000Z' },
      queueRow: { name: 'Vendas', color: '#ff0000', at: '2030-01-01T01:00:00.000Z' },
      connectionRow: null,
      userRow: null,
    });
    expect(items[4]?.Put?.Item).toMatchObject({ status: 'pending', startedPending: true, startedDay: '2030-01-02', version: 0 });
    expect(items[5]?.Update).toMatchObject({
      Key: { PK: 'C#C1#DASH#2030-01-02', SK: 'COMPANY' },
      ExpressionAttributeValues: expect.objectContaining({ ':c0': 1, ':c1': 1, ':c2': 1, ':c3': 1 }),
    });
    expect(Object.values(items[5]?.Update?.ExpressionAttributeNames ?? {})).toEqual(
      expect.arrayContaining(['ticketsCreated', 'createdH09', 'started', 'waiting']),
    );
  });

  it("takes the ticket's number from the company's counter with one ADD, before the transaction", async () => {
    ddb.on(TransactWriteCommand).resolves({});

    const stored = await insertTicket(ticket, now);

    expect(stored.number).toBe(42);
    const [add] = ddb.commandCalls(UpdateCommand).map((call) => call.args[0].input);
    expect(add).toMatchObject({ Key: { PK: 'C#C1#TKCOUNTER', SK: 'COUNTER' }, UpdateExpression: 'ADD #last :one', ConditionExpression: 'backfilled = :true' });
    expect(add?.ExpressionAttributeValues).toMatchObject({ ':one': 1 });
  });

  it("keeps the ids of the contact's earlier tickets on its connection, newest first, read by the index with the number", async () => {
    ddb.on(TransactWriteCommand).resolves({});
    ddb.on(QueryCommand, { IndexName: 'GSI3' }).resolves({
      Items: [earlierItem('T0b', '2030-01-02T10:00:00.000Z', '2030-01-02T11:00:00.000Z'), earlierItem('T0a', '2030-01-01T10:00:00.000Z', '2030-01-01T11:00:00.000Z')],
    });

    const stored = await insertTicket(ticket, now);

    expect(stored.earlierTicketIds).toEqual(['T0b', 'T0a']);
    const items = ddb.commandCalls(TransactWriteCommand)[0]!.args[0].input.TransactItems ?? [];
    expect(items[1]?.Put?.Item).toMatchObject({ SK: 'TICKET', earlierTicketIds: ['T0b', 'T0a'] });
    expect(ddb.commandCalls(QueryCommand)[0]?.args[0].input).toMatchObject({
      IndexName: 'GSI3',
      ExpressionAttributeValues: expect.objectContaining({ ':pk': 'C#C1#TKC#K1', ':before': `${now.toISOString()}#T1` }),
    });
  });

  it("keeps an empty history for a contact's first ticket", async () => {
    ddb.on(TransactWriteCommand).resolves({});

    const stored = await insertTicket(ticket, now);

    expect(stored.earlierTicketIds).toEqual([]);
  });

  it("answers ERR_OTHER_OPEN_TICKET with the holder's ids, user and queue when the slot is taken", async () => {
    ddb.on(TransactWriteCommand).rejects(
      new TransactionCanceledException({
        message: 'cancelled',
        $metadata: {},
        CancellationReasons: [{ Code: 'ConditionalCheckFailed' }, { Code: 'None' }, { Code: 'None' }, { Code: 'None' }, { Code: 'None' }, { Code: 'None' }],
      }),
    );
    ddb.on(GetCommand, { Key: { PK: 'C#C1#OPENTK#K1#none', SK: 'OPENTK' } }).resolves({ Item: { ticketId: 'T0' } });
    ddb.on(GetCommand, { Key: { PK: 'C#C1#TK#T0', SK: 'TICKET' } }).resolves({
      Item: { ...ticket, id: 'T0', uuid: 'uuid-0', status: 'open', userId: 'U9', userName: 'Bia' },
    });
    ddb.on(BatchGetCommand).resolves({ Responses: { 'table-under-test': [{ id: 'Q1', name: 'Vendas', color: '#fff' }] } });

    const error = await insertTicket(ticket, now).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({
      code: 'ERR_OTHER_OPEN_TICKET',
      options: { details: { ticketId: 'T0', uuid: 'uuid-0', status: 'open', user: { id: 'U9', name: 'Bia' }, queue: { id: 'Q1', name: 'Vendas' } } },
    });
  });

  it('answers ERR_CREATING_TICKET when the store fails (a database error), not an internal error', async () => {
    ddb.on(TransactWriteCommand).rejects(Object.assign(new Error('We currently do not have sufficient capacity'), { name: 'InternalServerError' }));

    const error = await insertTicket(ticket, now).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'ERR_CREATING_TICKET' });
  });
});
