/**
 * Accepting a ticket is a conditional update: it holds only while the ticket is still pending with
 * nobody; an agent whose accept lost the race reads the ticket again and hears ERR_TICKET_ALREADY_ACCEPTED.
 */
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { BatchGetCommand, DynamoDBDocumentClient, GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import type { Ticket } from '../../../functions/core/repositories/tickets';
import type { Caller } from '../../../functions/core/caller/load-caller';
import { updateTicket } from '../../../functions/core/conversations/update-ticket';
import { errorCodeOf } from '../../support/errors';
import { storedTicket } from '../../support/stored-ticket';

process.env.TABLE_NAME = 'table-under-test';
process.env.LOG_LEVEL = 'silent';

const ddb = mockClient(DynamoDBDocumentClient);
const now = new Date('2030-01-02T12:00:00.000Z');

const agent = {
  companyId: 'C1',
  userId: 'U1',
  isAdmin: false,
  user: { id: 'U1', name: 'Ana', profile: 'user', queueIds: ['Q1'], allTicket: 'desabled', updatedAt: '2030-01-01T00:00:00.000Z' },
} as unknown as Caller;

const pending: Ticket = storedTicket({
  id: 'T1',
  uuid: 'uuid-1',
  chatbot: true,
  lastMessage: 'oi',
  unreadMessages: 1,
  createdAt: '2030-01-02T11:00:00.000Z',
  updatedAt: '2030-01-02T11:00:00.000Z',
  attendanceId: 'A1',
});

const attendance = {
  id: 'A1',
  companyId: 'C1',
  ticketId: 'T1',
  contactId: 'K1',
  startedAt: '2030-01-02T11:00:00.000Z',
  startedDay: '2030-01-02',
  startedPending: true,
  status: 'pending',
  acceptedAt: null,
  closedAt: null,
  userId: null,
  userName: null,
  queueId: 'Q1',
  rating: null,
  ratedAt: null,
  version: 0,
};

const ticketKey = { PK: 'C#C1#TK#T1', SK: 'TICKET' };

beforeEach(() => {
  ddb.reset();
  ddb.on(GetCommand, { Key: { PK: 'C#C1#TK#T1', SK: 'ATT#A1' } }).resolves({ Item: attendance });
  ddb.on(QueryCommand).resolves({ Items: [] });
  ddb.on(BatchGetCommand).resolves({ Responses: {} });
});

describe('updateTicket: accept', () => {
  it('opens the ticket for the caller on the condition that it is still pending with nobody, moving the attendance and counters with it', async () => {
    ddb.on(GetCommand, { Key: ticketKey }).resolves({ Item: pending });
    ddb.on(TransactWriteCommand).resolves({});

    const dto = await updateTicket(agent, 'T1', { status: 'open', userId: 'U1' }, now);

    expect(dto).toMatchObject({ status: 'open', userId: 'U1', user: { id: 'U1', name: 'Ana' }, queueId: 'Q1' });
    const [ticketUpdate, attendanceWrite, ...counters] = ddb.commandCalls(TransactWriteCommand)[0]!.args[0].input.TransactItems ?? [];
    expect(ticketUpdate?.Update?.ConditionExpression).toBe(
      'attribute_exists(PK) AND #g0 = :g0 AND #g1 = :g1 AND (attribute_not_exists(#g2) OR attribute_type(#g2, :nullType)) AND (attribute_not_exists(#g3) OR attribute_type(#g3, :nullType))',
    );
    expect(ticketUpdate?.Update?.ExpressionAttributeNames).toMatchObject({ '#g0': 'status', '#g1': 'queueId', '#g2': 'userId', '#g3': 'whatsappId' });
    expect(ticketUpdate?.Update?.ExpressionAttributeValues).toMatchObject({ ':g0': 'pending', ':g1': 'Q1', ':nullType': 'NULL' });
    const sets = Object.fromEntries(
      Object.entries(ticketUpdate?.Update?.ExpressionAttributeNames ?? {})
        .filter(([placeholder]) => placeholder.startsWith('#s'))
        .map(([placeholder, name]) => [name, ticketUpdate?.Update?.ExpressionAttributeValues?.[`:${placeholder.slice(1)}`]]),
    );
    expect(sets).toMatchObject({
      status: 'open',
      userId: 'U1',
      userName: 'Ana',
      updatedAt: '2030-01-02T12:00:00.000Z',
      GSI1PK: 'C#C1#TKS#open',
      GSI2PK: 'C#C1#TKQ#Q1#open',
      GSI1SK: '2030-01-02T12:00:00.000Z#T1',
    });
    expect(sets).not.toHaveProperty('lastMessage');
    expect(sets).not.toHaveProperty('unreadMessages');
    expect(attendanceWrite?.Put).toMatchObject({
      ConditionExpression: 'version = :version',
      ExpressionAttributeValues: { ':version': 0 },
      Item: { status: 'open', userId: 'U1', acceptedAt: '2030-01-02T12:00:00.000Z', version: 1 },
    });
    expect(counters.map((item) => item.Update?.Key?.SK)).toEqual(['COMPANY', 'USER#U1']);
  });

  it('answers ERR_TICKET_ALREADY_ACCEPTED when another agent accepted between the read and the write', async () => {
    ddb
      .on(GetCommand, { Key: ticketKey })
      .resolvesOnce({ Item: pending })
      .resolves({ Item: { ...pending, status: 'open', userId: 'U2', userName: 'Bia' } });
    ddb.on(TransactWriteCommand).rejects(
      new TransactionCanceledException({
        message: 'cancelled',
        $metadata: {},
        CancellationReasons: [{ Code: 'ConditionalCheckFailed' }, { Code: 'ConditionalCheckFailed' }, { Code: 'None' }, { Code: 'None' }],
      }),
    );

    expect(await errorCodeOf(updateTicket(agent, 'T1', { status: 'open', userId: 'U1' }, now))).toBe('ERR_TICKET_ALREADY_ACCEPTED');
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(1);
  });

  it("answers ERR_TICKET_ALREADY_ACCEPTED to the spec's payload (status open, no userId) when another agent accepted between the read and the write", async () => {
    ddb
      .on(GetCommand, { Key: ticketKey })
      .resolvesOnce({ Item: pending })
      .resolves({ Item: { ...pending, status: 'open', userId: 'U2', userName: 'Bia' } });
    ddb.on(TransactWriteCommand).rejects(
      new TransactionCanceledException({
        message: 'cancelled',
        $metadata: {},
        CancellationReasons: [{ Code: 'ConditionalCheckFailed' }, { Code: 'None' }, { Code: 'None' }, { Code: 'None' }],
      }),
    );

    expect(await errorCodeOf(updateTicket(agent, 'T1', { status: 'open' }, now))).toBe('ERR_TICKET_ALREADY_ACCEPTED');
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(1);
  });

  it("refuses an agent a ticket of another queue with 'Acesso não permitido', writing nothing", async () => {
    ddb.on(GetCommand, { Key: ticketKey }).resolves({ Item: { ...pending, queueId: 'Q2' } });

    expect(await errorCodeOf(updateTicket(agent, 'T1', { status: 'open' }, now))).toBe('ERR_NO_PERMISSION');
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });
});

describe('updateTicket: finish', () => {
  it('releases the open-ticket slot held by the ticket in the same transaction', async () => {
    ddb.on(GetCommand, { Key: ticketKey }).resolves({ Item: { ...pending, status: 'open', userId: 'U1', userName: 'Ana' } });
    ddb.on(GetCommand, { Key: { PK: 'C#C1#TK#T1', SK: 'ATT#A1' } }).resolves({
      Item: { ...attendance, status: 'open', userId: 'U1', userName: 'Ana', acceptedAt: '2030-01-02T11:30:00.000Z' },
    });
    ddb.on(TransactWriteCommand).resolves({});

    await updateTicket(agent, 'T1', { status: 'closed' }, now);

    const items = ddb.commandCalls(TransactWriteCommand)[0]!.args[0].input.TransactItems ?? [];
    expect(items.find((item) => item.Delete)?.Delete).toEqual({
      TableName: 'table-under-test',
      Key: { PK: 'C#C1#OPENTK#K1#none', SK: 'OPENTK' },
      ConditionExpression: 'ticketId = :ticketId',
      ExpressionAttributeValues: { ':ticketId': 'T1' },
    });
  });
});

describe('updateTicket: a ticket another agent attends', () => {
  const held: Ticket = { ...pending, status: 'open', userId: 'U2', userName: 'Bia' };

  it.each([
    ['return', { status: 'pending' }],
    ['finish', { status: 'closed' }],
    ['transfer', { action: 'transfer', queueId: 'Q1', userId: 'U1' }],
    ['edit', { useIntegration: true }],
  ] as const)("refuses a colleague's %s with 'Acesso não permitido', writing nothing", async (_kind, body) => {
    ddb.on(GetCommand, { Key: ticketKey }).resolves({ Item: held });

    expect(await errorCodeOf(updateTicket(agent, 'T1', body, now))).toBe('ERR_NO_PERMISSION');
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });

  it('lets an admin of the company finish it', async () => {
    ddb.on(GetCommand, { Key: ticketKey }).resolves({ Item: held });
    ddb.on(TransactWriteCommand).resolves({});
    const admin = { ...agent, isAdmin: true, user: { ...agent.user, profile: 'admin' } } as unknown as Caller;

    expect(await updateTicket(admin, 'T1', { status: 'closed' }, now)).toMatchObject({ status: 'closed', userId: 'U1' });
  });
});
